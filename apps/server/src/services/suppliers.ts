import { SUPPLIER_MESSAGES, type Supplier, type supplierInputSchema, type supplierListQuerySchema } from '@shop/contracts/supplier';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import type { SuppliersTable } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { countNoun } from '../lib/text';
import { auditedWrite } from './write';

type SupplierInput = z.output<typeof supplierInputSchema>;

const toSupplier = (row: Selectable<SuppliersTable>): Supplier => ({ ...row, active: row.active === 1 });

export async function listSuppliers(ctx: ServiceContext, query: z.output<typeof supplierListQuerySchema>) {
  let select = ctx.db.selectFrom('suppliers').selectAll().orderBy('id', 'desc');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or((['code', 'name', 'email', 'phone', 'contact_name'] as const).map((c) => containsInsensitive(ctx.kind, eb.ref(c), q))),
    );
  }
  if (query.active !== undefined) select = select.where('active', '=', query.active ? 1 : 0);
  const page = await paginate(select, query.page, query.per_page);
  return { data: page.rows.map(toSupplier), meta: page.meta };
}

export async function getSupplier(ctx: ServiceContext, id: number): Promise<Supplier> {
  const row = await ctx.db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SUPPLIER_MESSAGES.notFound);
  return toSupplier(row);
}

async function assertCodeFree(ctx: ServiceContext, code: string, exceptId?: number) {
  let query = ctx.db.selectFrom('suppliers').select('id').where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(SUPPLIER_MESSAGES.codeTaken, { field: 'code' });
}

const columns = (input: SupplierInput) => ({ ...input, active: input.active ? 1 : 0 });
const auditInfo = { entity: 'supplier', conflictMessage: SUPPLIER_MESSAGES.codeTaken, conflictField: 'code' };

export function createSupplier(ctx: ServiceContext, input: SupplierInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...auditInfo }, async (tx) => {
    await assertCodeFree(tx, input.code);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db.insertInto('suppliers').values({ ...columns(input), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const result = await getSupplier(tx, id);
    return { id, after: result, result };
  });
}

export function updateSupplier(ctx: ServiceContext, id: number, input: SupplierInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...auditInfo }, async (tx) => {
    const before = await getSupplier(tx, id);
    await assertCodeFree(tx, input.code, id);
    await tx.db.updateTable('suppliers').set({ ...columns(input), updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
    const result = await getSupplier(tx, id);
    return { id, before, after: result, result };
  });
}

export function deleteSupplier(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...auditInfo }, async (tx) => {
    const before = await getSupplier(tx, id);
    const used = await tx.db.selectFrom('supplies').select((eb) => eb.fn.countAll<number>().as('n')).where('supplier_id', '=', id).executeTakeFirstOrThrow();
    const n = Number(used.n);
    if (n > 0) throw conflict(`This supplier has ${countNoun(n, 'supply', 'supplies')} on record. Mark it inactive instead.`);
    await tx.db.deleteFrom('suppliers').where('id', '=', id).execute();
    return { id, before, result: undefined };
  });
}
