import type { Unit, UnitListQuery, unitInputSchema } from '@shop/contracts/unit';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import { conflict, notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { countNoun } from '../lib/text';
import { auditedWrite } from './write';

type UnitInput = z.output<typeof unitInputSchema>;

const NAME_TAKEN = 'A unit with this name already exists.';

function selectUnits(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('units')
    .select(['units.id', 'units.name', 'units.symbol', 'units.description', 'units.created_at', 'units.updated_at'])
    .select((eb) =>
      eb.selectFrom('products').whereRef('products.unit_id', '=', 'units.id').select(eb.fn.countAll<number>().as('n')).as('products_count'),
    );
}

type UnitRow = Awaited<ReturnType<ReturnType<typeof selectUnits>['executeTakeFirstOrThrow']>>;
const toUnit = (row: UnitRow): Unit => ({ ...row, products_count: Number(row.products_count ?? 0) });

export async function listUnits(ctx: ServiceContext, query: UnitListQuery) {
  let select =
    query.sort === 'name'
      ? selectUnits(ctx).orderBy('units.name').orderBy('units.id')
      : selectUnits(ctx).orderBy('units.id', 'desc');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([
        containsInsensitive(ctx.kind, eb.ref('units.name'), q),
        containsInsensitive(ctx.kind, eb.ref('units.symbol'), q),
        containsInsensitive(ctx.kind, eb.ref('units.description'), q),
      ]),
    );
  }
  const page = await paginate(select, query.page, query.per_page);
  return { data: page.rows.map(toUnit), meta: page.meta };
}

export async function getUnit(ctx: ServiceContext, id: number): Promise<Unit> {
  const row = await selectUnits(ctx).where('units.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Unit not found.');
  return toUnit(row);
}

async function assertNameFree(ctx: ServiceContext, name: string, exceptId?: number) {
  let query = ctx.db.selectFrom('units').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(NAME_TAKEN, { field: 'name' });
}

const conflictAudit = { entity: 'unit', conflictMessage: NAME_TAKEN, conflictField: 'name' };

export function createUnit(ctx: ServiceContext, input: UnitInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...conflictAudit }, async (tx) => {
    await assertNameFree(tx, input.name);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db.insertInto('units').values({ ...input, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const result = await getUnit(tx, id);
    return { id, after: result, result };
  });
}

export function updateUnit(ctx: ServiceContext, id: number, input: UnitInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...conflictAudit }, async (tx) => {
    const before = await getUnit(tx, id);
    await assertNameFree(tx, input.name, id);
    await tx.db.updateTable('units').set({ ...input, updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
    const result = await getUnit(tx, id);
    return { id, before, after: result, result };
  });
}

export function deleteUnit(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...conflictAudit }, async (tx) => {
    const before = await getUnit(tx, id);
    if (before.products_count > 0) {
      throw conflict(
        `This unit is used by ${countNoun(before.products_count, 'product')}. Give ${before.products_count === 1 ? 'it' : 'them'} another unit first.`,
      );
    }
    await tx.db.deleteFrom('units').where('id', '=', id).execute();
    return { id, before, result: undefined };
  });
}
