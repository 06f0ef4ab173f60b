import type { ServiceContext } from './context';
import { nextNumber } from './document-numbers';

/*
 * The catalogue version (docs/decisions/0016-offline-selling.md, "A big catalogue"): one shop-wide
 * counter, moved inside the writing transaction whenever something the till shows changes, and
 * stamped on each product whose till row changed. A till holding version V asks for the rows
 * stamped above V. Each helper costs one counter update and at most one products update.
 */

/** Something the till shows changed that no product row carries (a category's name, a modifier group's options). */
export function catalogChanged(tx: ServiceContext): Promise<number> {
  return nextNumber(tx, 'catalog');
}

/** These products' till rows changed (their fields, promotions or own modifier groups). */
export async function productsChanged(tx: ServiceContext, productIds: readonly number[]): Promise<number> {
  const rev = await catalogChanged(tx);
  const ids = [...new Set(productIds)];
  if (ids.length) await tx.db.updateTable('products').set({ catalog_rev: rev }).where('id', 'in', ids).execute();
  return rev;
}

/** A category changed: its name (in the list) and the modifier groups its products inherit. */
export async function categoryChanged(tx: ServiceContext, categoryId: number): Promise<number> {
  const rev = await catalogChanged(tx);
  await tx.db.updateTable('products').set({ catalog_rev: rev }).where('category_id', '=', categoryId).execute();
  return rev;
}

/**
 * A modifier group changed: its rules and options (in the list), and, when its places change, the
 * rows of every product it applies to, directly or through a category. Call it before and after
 * the places change so products that lose the group are stamped too (`rev` reuses the version taken).
 */
export async function modifierGroupChanged(tx: ServiceContext, groupId: number, rev?: number): Promise<number> {
  const version = rev ?? (await catalogChanged(tx));
  await tx.db
    .updateTable('products')
    .set({ catalog_rev: version })
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('product_modifier_groups').select('product_id').where('group_id', '=', groupId)),
        eb('category_id', 'in', eb.selectFrom('category_modifier_groups').select('category_id').where('group_id', '=', groupId)),
      ]),
    )
    .execute();
  return version;
}

/** A product was deleted outright: tills holding an older version take the whole catalogue again. */
export async function productDeleted(tx: ServiceContext): Promise<void> {
  const rev = await catalogChanged(tx);
  await tx.db.updateTable('counters').set({ value: rev }).where('name', '=', 'catalog_deleted').execute();
}

/** The catalogue's version now, and the version of the last outright delete. */
export async function catalogVersion(ctx: ServiceContext): Promise<{ version: number; deleted: number }> {
  const rows = await ctx.db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ['catalog', 'catalog_deleted']).execute();
  const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
  return { version: value('catalog'), deleted: value('catalog_deleted') };
}
