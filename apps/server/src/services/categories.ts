import type { Category } from '@shop/contracts/category';
import type { CategoryListQuery, categoryInputSchema } from '@shop/contracts/category';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import { conflict, notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { countNoun } from '../lib/text';
import { auditedWrite } from './write';
import { ownGroupIds, setOwnGroups } from './modifier-groups';
import { catalogChanged, categoryChanged } from './catalog-version';

type CategoryInput = z.output<typeof categoryInputSchema>;

const NAME_TAKEN = 'A category with this name already exists.';

function selectCategories(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('categories')
    .select(['categories.id', 'categories.name', 'categories.description', 'categories.created_at', 'categories.updated_at'])
    .select((eb) =>
      eb.selectFrom('products').whereRef('products.category_id', '=', 'categories.id').select(eb.fn.countAll<number>().as('n')).as('products_count'),
    );
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['executeTakeFirstOrThrow']>>;
const toCategory = (row: CategoryRow, groupIds: number[]): Category => ({ ...row, products_count: Number(row.products_count ?? 0), modifier_group_ids: groupIds });

async function toCategories(ctx: ServiceContext, rows: CategoryRow[]): Promise<Category[]> {
  const groups = await ownGroupIds(ctx, 'category_modifier_groups', rows.map((row) => row.id));
  return rows.map((row) => toCategory(row, groups.get(row.id) ?? []));
}

export async function listCategories(ctx: ServiceContext, query: CategoryListQuery) {
  let select =
    query.sort === 'name'
      ? selectCategories(ctx).orderBy('categories.name').orderBy('categories.id')
      : selectCategories(ctx).orderBy('categories.id', 'desc');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([containsInsensitive(ctx.kind, eb.ref('categories.name'), q), containsInsensitive(ctx.kind, eb.ref('categories.description'), q)]),
    );
  }
  const page = await paginate(select, query.page, query.per_page);
  return { data: await toCategories(ctx, page.rows), meta: page.meta };
}

export async function getCategory(ctx: ServiceContext, id: number): Promise<Category> {
  const row = await selectCategories(ctx).where('categories.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Category not found.');
  return (await toCategories(ctx, [row]))[0]!;
}

async function assertNameFree(ctx: ServiceContext, name: string, exceptId?: number) {
  let query = ctx.db.selectFrom('categories').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(NAME_TAKEN, { field: 'name' });
}

const conflictAudit = { entity: 'category', conflictMessage: NAME_TAKEN, conflictField: 'name' };

export function createCategory(ctx: ServiceContext, input: CategoryInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...conflictAudit }, async (tx) => {
    await assertNameFree(tx, input.name);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db
      .insertInto('categories')
      .values({ name: input.name, description: input.description, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setOwnGroups(tx, 'category_modifier_groups', id, input.modifier_group_ids);
    await catalogChanged(tx);
    const result = await getCategory(tx, id);
    return { id, after: result, result };
  });
}

export function updateCategory(ctx: ServiceContext, id: number, input: CategoryInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...conflictAudit }, async (tx) => {
    const before = await getCategory(tx, id);
    await assertNameFree(tx, input.name, id);
    await tx.db.updateTable('categories').set({ name: input.name, description: input.description, updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
    await setOwnGroups(tx, 'category_modifier_groups', id, input.modifier_group_ids);
    // Its products inherit its modifier groups: their rows change only when those do.
    const groupsMoved = input.modifier_group_ids !== undefined && input.modifier_group_ids.join() !== before.modifier_group_ids.join();
    await (groupsMoved ? categoryChanged(tx, id) : catalogChanged(tx));
    const result = await getCategory(tx, id);
    return { id, before, after: result, result };
  });
}

export function deleteCategory(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...conflictAudit }, async (tx) => {
    const before = await getCategory(tx, id);
    if (before.products_count > 0) {
      throw conflict(
        `This category is used by ${countNoun(before.products_count, 'product')}. Move ${before.products_count === 1 ? 'it' : 'them'} to another category first.`,
      );
    }
    await tx.db.deleteFrom('categories').where('id', '=', id).execute();
    await catalogChanged(tx);
    return { id, before, result: undefined };
  });
}
