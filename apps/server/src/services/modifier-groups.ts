import { MODIFIER_MESSAGES, type ModifierGroup, type modifierGroupInputSchema } from '@shop/contracts/modifier';
import type { ListQuery } from '@shop/contracts/common';
import { fromCents, toCents } from '@shop/contracts/money';
import type { z } from 'zod';
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import { containsInsensitive } from '../db/dialect';
import type { Database } from '../db/schema';
import { conflict, notFound, refuseFields, unprocessable } from '../lib/errors';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { auditedWrite } from './write';
import { catalogChanged, modifierGroupChanged } from './catalog-version';

/*
 * Modifier groups (docs/decisions/0013-modifiers-and-discounts.md): Size, Sugar, Ice, Extras,
 * their options, and where they apply: products and whole categories, each through an ordered
 * link table. A product's groups are its category's, then its own, each once.
 */

type ModifierGroupInput = z.output<typeof modifierGroupInputSchema>;
type GroupRow = { id: number; name: string; name_km: string | null; selection: 'single' | 'multiple'; min_select: number; max_select: number; created_at: string; updated_at: string };
type OptionRow = { id: number; group_id: number; name: string; name_km: string | null; price_cents: number; is_default: number };
type Link = 'product_modifier_groups' | 'category_modifier_groups';

const toOption = (row: OptionRow) => ({ id: row.id, name: row.name, name_km: row.name_km, price: fromCents(row.price_cents), is_default: row.is_default === 1 });

// What every sale reads, built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").
const optionsOfGroups = compiledOnce((db, groupIds: number[]) =>
  db.selectFrom('modifier_options').select(['id', 'group_id', 'name', 'name_km', 'price_cents', 'is_default']).where('group_id', 'in', groupIds).orderBy('group_id').orderBy('position'),
);
const groupsByIds = compiledOnce((db, groupIds: number[]) => db.selectFrom('modifier_groups').selectAll().where('id', 'in', groupIds));
const ownGroupsOf = {
  product_modifier_groups: compiledOnce((db, ownerIds: number[]) => ownGroupsQuery(db, 'product_modifier_groups', ownerIds)),
  category_modifier_groups: compiledOnce((db, ownerIds: number[]) => ownGroupsQuery(db, 'category_modifier_groups', ownerIds)),
};

/** The groups these products carry and the groups these categories carry, in one statement: what every sale reads. */
const linkedGroups = compiledOnce((db, productIds: number[], categoryIds: number[]) =>
  db
    .selectFrom('product_modifier_groups')
    .select([sql<Link>`'product_modifier_groups'`.as('link'), 'product_id as owner_id', 'group_id', 'position'])
    .where('product_id', 'in', productIds)
    .unionAll(
      db
        .selectFrom('category_modifier_groups')
        .select([sql<Link>`'category_modifier_groups'`.as('link'), 'category_id as owner_id', 'group_id', 'position'])
        .where('category_id', 'in', categoryIds),
    )
    .orderBy('link')
    .orderBy('owner_id')
    .orderBy('position'),
);

/** The groups products or categories carry themselves, in order: these owners', or every one's. */
function ownGroupsQuery(db: Kysely<Database>, link: Link, ownerIds: number[] | null) {
  const owner = link === 'product_modifier_groups' ? 'product_id' : 'category_id';
  const select = db.selectFrom(link).select([`${owner} as owner_id`, 'group_id']).orderBy(owner).orderBy('position');
  return ownerIds === null ? select : select.where(owner, 'in', ownerIds);
}

/** The options of these groups, in their order, by group. */
export async function optionsOf(ctx: ServiceContext, groupIds: number[]): Promise<Map<number, OptionRow[]>> {
  const byGroup = new Map<number, OptionRow[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await optionsOfGroups(ctx, groupIds);
  for (const row of rows) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row]);
  return byGroup;
}

/** The groups as the till asks them: rules and options, without where they apply. */
export async function groupsForTill(ctx: ServiceContext, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  const rows = await ctx.db.selectFrom('modifier_groups').selectAll().where('id', 'in', groupIds).orderBy('name').execute();
  const options = await optionsOf(ctx, groupIds);
  return rows.map((row) => toRules(row, options.get(row.id) ?? []));
}

/** A group's rules and options, as the till and the manager both see them. */
function toRules(row: GroupRow, options: OptionRow[]) {
  return {
    id: row.id,
    name: row.name,
    name_km: row.name_km,
    selection: row.selection,
    required: row.min_select > 0,
    min: row.min_select,
    max: row.max_select,
    options: options.map(toOption),
  };
}

async function linksOf(ctx: ServiceContext, link: Link, groupIds: number[]): Promise<Map<number, number[]>> {
  const byGroup = new Map<number, number[]>();
  if (groupIds.length === 0) return byGroup;
  const owner = link === 'product_modifier_groups' ? 'product_id' : 'category_id';
  const rows = await ctx.db
    .selectFrom(link)
    .select(['group_id', `${owner} as owner_id`])
    .where('group_id', 'in', groupIds)
    .orderBy(owner)
    .execute();
  for (const row of rows) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row.owner_id]);
  return byGroup;
}

async function toGroups(ctx: ServiceContext, rows: GroupRow[]): Promise<ModifierGroup[]> {
  const ids = rows.map((row) => row.id);
  const [options, products, categories] = await Promise.all([
    optionsOf(ctx, ids),
    linksOf(ctx, 'product_modifier_groups', ids),
    linksOf(ctx, 'category_modifier_groups', ids),
  ]);
  return rows.map((row) => ({
    ...toRules(row, options.get(row.id) ?? []),
    product_ids: products.get(row.id) ?? [],
    category_ids: categories.get(row.id) ?? [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}

export async function listModifierGroups(ctx: ServiceContext, query: ListQuery) {
  let select = ctx.db.selectFrom('modifier_groups').selectAll().orderBy('name').orderBy('id');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) => eb.or([containsInsensitive(ctx.kind, eb.ref('name'), q), containsInsensitive(ctx.kind, eb.ref('name_km'), q)]));
  }
  const page = await paginate(select, query.page, query.per_page);
  return { data: await toGroups(ctx, page.rows), meta: page.meta };
}

export async function getModifierGroup(ctx: ServiceContext, id: number): Promise<ModifierGroup> {
  const row = await ctx.db.selectFrom('modifier_groups').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MODIFIER_MESSAGES.notFound);
  return (await toGroups(ctx, [row]))[0]!;
}

async function assertNameFree(ctx: ServiceContext, name: string, exceptId?: number) {
  let query = ctx.db.selectFrom('modifier_groups').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(MODIFIER_MESSAGES.nameTaken, { field: 'name' });
}

/** Every id in the list names a row of `table`; else 422 on `field`. */
async function assertAllExist(ctx: ServiceContext, table: 'products' | 'categories' | 'modifier_groups', ids: readonly number[], field: string, message: string) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await ctx.db.selectFrom(table).select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) throw unprocessable(message, { field });
}

/** Step: the options as sent, in order: kept (with their id), added, and the missing ones removed. */
async function writeOptions(tx: ServiceContext, groupId: number, options: ModifierGroupInput['options']) {
  const existing = new Set((await tx.db.selectFrom('modifier_options').select('id').where('group_id', '=', groupId).execute()).map((row) => row.id));
  const kept = options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
  const stranger = kept.findIndex((id) => !existing.has(id));
  if (stranger >= 0) throw unprocessable(MODIFIER_MESSAGES.optionMissing, { field: 'options' });
  const removed = [...existing].filter((id) => !kept.includes(id));
  if (removed.length) await tx.db.deleteFrom('modifier_options').where('id', 'in', removed).execute();
  for (const [position, option] of options.entries()) {
    const values = { name: option.name, name_km: option.name_km, price_cents: toCents(option.price), is_default: option.is_default ? 1 : 0, position };
    if (option.id === undefined) await tx.db.insertInto('modifier_options').values({ ...values, group_id: groupId }).execute();
    else await tx.db.updateTable('modifier_options').set(values).where('id', '=', option.id).execute();
  }
}

/** Step: where the group applies, when sent: these products and categories (each keeps its other groups). */
async function writePlaces(tx: ServiceContext, groupId: number, input: ModifierGroupInput) {
  for (const [link, ids, owner] of [
    ['product_modifier_groups', input.product_ids, 'product_id'],
    ['category_modifier_groups', input.category_ids, 'category_id'],
  ] as const) {
    if (ids === undefined) continue;
    await assertAllExist(tx, owner === 'product_id' ? 'products' : 'categories', ids, owner === 'product_id' ? 'product_ids' : 'category_ids', 'Choose from the list.');
    const wanted = [...new Set(ids)];
    const current = (await tx.db.selectFrom(link).select(`${owner} as owner_id`).where('group_id', '=', groupId).execute()).map((row) => row.owner_id);
    const gone = current.filter((id) => !wanted.includes(id));
    if (gone.length) await tx.db.deleteFrom(link).where('group_id', '=', groupId).where(owner, 'in', gone).execute();
    for (const ownerId of wanted.filter((id) => !current.includes(id))) {
      // A new place takes the group last among its groups.
      const last = await tx.db.selectFrom(link).select((eb) => eb.fn.max('position').as('position')).where(owner, '=', ownerId).executeTakeFirst();
      const position = Number(last?.position ?? -1) + 1;
      await tx.db
        .insertInto(link)
        .values({ [owner]: ownerId, group_id: groupId, position } as never)
        .execute();
    }
  }
}

const conflictAudit = { entity: 'modifier_group', conflictMessage: MODIFIER_MESSAGES.nameTaken, conflictField: 'name' };

export function createModifierGroup(ctx: ServiceContext, input: ModifierGroupInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...conflictAudit }, async (tx) => {
    await assertNameFree(tx, input.name);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db
      .insertInto('modifier_groups')
      .values({ name: input.name, name_km: input.name_km, selection: input.selection, min_select: input.min, max_select: input.max, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeOptions(tx, id, input.options);
    await writePlaces(tx, id, input);
    await modifierGroupChanged(tx, id);
    const result = await getModifierGroup(tx, id);
    return { id, after: result, result };
  });
}

export function updateModifierGroup(ctx: ServiceContext, id: number, input: ModifierGroupInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...conflictAudit }, async (tx) => {
    const before = await getModifierGroup(tx, id);
    await assertNameFree(tx, input.name, id);
    await tx.db
      .updateTable('modifier_groups')
      .set({ name: input.name, name_km: input.name_km, selection: input.selection, min_select: input.min, max_select: input.max, updated_at: tx.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    await writeOptions(tx, id, input.options);
    if (input.product_ids === undefined && input.category_ids === undefined) await catalogChanged(tx);
    else {
      // Products losing the group are stamped before its places change, products gaining it after.
      const rev = await modifierGroupChanged(tx, id);
      await writePlaces(tx, id, input);
      await modifierGroupChanged(tx, id, rev);
    }
    const result = await getModifierGroup(tx, id);
    return { id, before, after: result, result };
  });
}

/** Past sales keep their own copy of the options, so a group can always go. */
export function deleteModifierGroup(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...conflictAudit }, async (tx) => {
    const before = await getModifierGroup(tx, id);
    await modifierGroupChanged(tx, id);
    await tx.db.deleteFrom('product_modifier_groups').where('group_id', '=', id).execute();
    await tx.db.deleteFrom('category_modifier_groups').where('group_id', '=', id).execute();
    const optionIds = before.options.map((option) => option.id);
    if (optionIds.length) await tx.db.updateTable('sale_item_modifiers').set({ option_id: null }).where('option_id', 'in', optionIds).execute();
    await tx.db.deleteFrom('modifier_options').where('group_id', '=', id).execute();
    await tx.db.deleteFrom('modifier_groups').where('id', '=', id).execute();
    return { id, before, result: undefined };
  });
}

/** The groups products or categories carry themselves, in order, by owner: these owners', or every one's. */
async function groupIdsByOwner(ctx: ServiceContext, link: Link, ownerIds: number[] | null): Promise<Map<number, number[]>> {
  const byOwner = new Map<number, number[]>();
  if (ownerIds !== null && ownerIds.length === 0) return byOwner;
  const rows = ownerIds === null ? await ownGroupsQuery(ctx.db, link, null).execute() : await ownGroupsOf[link](ctx, ownerIds);
  for (const row of rows) byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row.group_id]);
  return byOwner;
}

export const ownGroupIds = (ctx: ServiceContext, link: Link, ownerIds: number[]) => groupIdsByOwner(ctx, link, ownerIds);
export const allOwnGroups = (ctx: ServiceContext, link: Link) => groupIdsByOwner(ctx, link, null);

/** Replaces the groups a product or category carries, in the order sent (a step of its own write). */
export async function setOwnGroups(tx: ServiceContext, link: Link, ownerId: number, groupIds: readonly number[] | undefined): Promise<void> {
  if (groupIds === undefined) return;
  await assertAllExist(tx, 'modifier_groups', groupIds, 'modifier_group_ids', 'Choose modifier groups from the list.');
  const owner = link === 'product_modifier_groups' ? 'product_id' : 'category_id';
  await tx.db.deleteFrom(link).where(owner, '=', ownerId).execute();
  for (const [position, groupId] of groupIds.entries()) {
    await tx.db
      .insertInto(link)
      .values({ [owner]: ownerId, group_id: groupId, position } as never)
      .execute();
  }
}

/** A product's groups as the till asks them: its category's (the shop-wide ones, such as Size), then its own, each once. */
export function productGroupIds(own: readonly number[] | undefined, fromCategory: readonly number[] | undefined): number[] {
  return [...new Set([...(fromCategory ?? []), ...(own ?? [])])];
}

/** An option a line is sold with, as the catalogue has it now. */
export interface ChosenOption {
  option_id: number;
  group: string;
  name: string;
  name_km: string | null;
  priceCents: number;
}

/**
 * Step of a sale or an open order: each line's options, checked against its product's groups
 * (each option offered with the product, none twice, every group's minimum and maximum), in the
 * groups' order. A line without `modifiers` takes every group's defaults. 422 naming the line's
 * field (`field(index)`) otherwise.
 */
export async function chooseOptions(
  tx: ServiceContext,
  lines: readonly { product: { id: number; name: string; category_id: number }; modifiers: readonly number[] | null }[],
  field: (index: number) => string,
): Promise<ChosenOption[][]> {
  const productIds = [...new Set(lines.map((line) => line.product.id))];
  const categoryIds = [...new Set(lines.map((line) => line.product.category_id))];
  const own = new Map<number, number[]>();
  const fromCategory = new Map<number, number[]>();
  for (const row of await linkedGroups(tx, productIds, categoryIds)) {
    const byOwner = row.link === 'product_modifier_groups' ? own : fromCategory;
    byOwner.set(row.owner_id, [...(byOwner.get(row.owner_id) ?? []), row.group_id]);
  }
  const groupIds = [...new Set([...own.values(), ...fromCategory.values()].flat())];
  if (groupIds.length === 0 && lines.every((line) => !line.modifiers?.length)) return lines.map(() => []);
  const groups = new Map((groupIds.length ? await groupsByIds(tx, groupIds) : []).map((g) => [g.id, g]));
  const options = await optionsOf(tx, groupIds);
  const chosenIds = [...new Set(lines.flatMap((line) => line.modifiers ?? []))];
  const known = new Map(chosenIds.length ? (await tx.db.selectFrom('modifier_options').select(['id', 'name']).where('id', 'in', chosenIds).execute()).map((row) => [row.id, row.name]) : []);

  const errors: Record<string, string[]> = {};
  const chosen = lines.map((line, index) => {
    const refuse = (message: string) => {
      errors[field(index)] ??= [message];
      return [];
    };
    const ids = productGroupIds(own.get(line.product.id), fromCategory.get(line.product.category_id));
    if (line.modifiers && new Set(line.modifiers).size !== line.modifiers.length) return refuse(MODIFIER_MESSAGES.optionTwice);
    const picked: ChosenOption[] = [];
    for (const groupId of ids) {
      const group = groups.get(groupId)!;
      const groupOptions = options.get(groupId) ?? [];
      const mine = groupOptions.filter((option) => (line.modifiers === null ? option.is_default === 1 : line.modifiers.includes(option.id)));
      if (mine.length < group.min_select) return refuse(MODIFIER_MESSAGES.tooFew(line.product.name, group.name, group.min_select));
      if (mine.length > group.max_select) return refuse(MODIFIER_MESSAGES.tooMany(line.product.name, group.name, group.max_select));
      picked.push(...mine.map((option) => ({ option_id: option.id, group: group.name, name: option.name, name_km: option.name_km, priceCents: option.price_cents })));
    }
    const stray = (line.modifiers ?? []).find((id) => !picked.some((option) => option.option_id === id));
    if (stray !== undefined) {
      const name = known.get(stray);
      return refuse(name === undefined ? MODIFIER_MESSAGES.optionMissing : MODIFIER_MESSAGES.notOffered(line.product.name, name));
    }
    return picked;
  });
  refuseFields(errors);
  return chosen;
}
