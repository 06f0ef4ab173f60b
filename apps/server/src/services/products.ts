import { PRODUCT_MESSAGES, type Product, type ProductListQuery, type productInputSchema } from '@shop/contracts/product';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import { compiledPerKind } from '../db/compiled-once';
import type { DbKind } from '../db/dialect';
import type { Database } from '../db/schema';
import { conflict, notFound, refuseFields } from '../lib/errors';
import { fromCents, toCents } from '@shop/contracts/money';
import { pageMeta } from '../lib/paginate';
import { keyedReads, type Actor, type ServiceContext } from './context';
import { auditedWrite } from './write';
import { setOwnGroups } from './modifier-groups';
import { productDeleted, productsChanged } from './catalog-version';
import { searchWithPage, type ProductFilter } from './product-search';

type ProductInput = z.output<typeof productInputSchema>;

function selectProducts(ctx: ServiceContext) {
  return withNames(ctx.db.selectFrom('products'), ctx.kind);
}

/**
 * A product's own modifier groups as a JSON array of [position, group id] pairs in one column of
 * its row: the page and its groups in one statement, one round trip fewer for every list and
 * search. They are put in order here: on SQLite an ORDER BY inside the aggregate sorted for every
 * row and took the page's statement from about 35 to 65-80 µs for five products.
 */
const OWN_GROUPS = {
  sqlite: sql<string>`(select json_group_array(json_array(pmg.position, pmg.group_id)) from product_modifier_groups pmg where pmg.product_id = products.id)`,
  postgres: sql<string>`(select coalesce(json_agg(json_build_array(pmg.position, pmg.group_id)), '[]')::text from product_modifier_groups pmg where pmg.product_id = products.id)`,
} as const;

/** The group ids of OWN_GROUPS's pairs, by position. */
function ownGroupIdsOf(pairs: string): number[] {
  return (JSON.parse(pairs) as [number, number][]).sort((a, b) => a[0] - b[0]).map(([, groupId]) => groupId);
}

/** Adds the category and unit names and the modifier groups a product answer carries. */
function withNames(products: SelectQueryBuilder<Database, 'products', object>, kind: DbKind) {
  return products
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('units', 'units.id', 'products.unit_id')
    .selectAll('products')
    .select(['categories.name as category_name', 'units.name as unit_name', 'units.symbol as unit_symbol'])
    .select(OWN_GROUPS[kind].as('own_groups'));
}

/** A search's page by its ids, newest first: every search reads one, so built once per page size and dialect (docs/decisions/0017-speed-on-the-wire-and-under-load.md). */
const productsByIds = compiledPerKind((kind) => (db, ids: number[]) => withNames(db.selectFrom('products'), kind).where('products.id', 'in', ids).orderBy('products.id', 'desc'));

/**
 * The catalogue version as it stands, read inside a search's page statement: on PostgreSQL the
 * last number the sequence gave out (to a transaction committed or still open), on SQLite the
 * committed counter (services/catalog-version.ts). One row either way.
 */
const VERSION_NOW = {
  sqlite: sql<number | string>`(select value from counters where name = 'catalog')`,
  postgres: sql<number | string>`(select case when is_called then last_value else 0 end from catalog_rev_seq)`,
} as const;

/**
 * The same page with the catalogue version beside it, in one statement: a search whose index is
 * at that version needs no other (services/product-search.ts, `searchWithPage`).
 */
const productsByIdsAtVersion = compiledPerKind((kind) => (db, ids: number[]) =>
  withNames(db.selectFrom('products'), kind).select(VERSION_NOW[kind].as('version_now')).where('products.id', 'in', ids).orderBy('products.id', 'desc'),
);

async function pageAtVersion(ctx: ServiceContext, ids: number[]) {
  const rows = await productsByIdsAtVersion(ctx, ids);
  return { rows, version: rows[0] ? Number(rows[0].version_now) : null };
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['executeTakeFirstOrThrow']>>;

function toProduct(row: ProductRow, withStock = false): Product {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    category_id: row.category_id,
    unit_id: row.unit_id,
    price: fromCents(row.price_cents),
    active: row.active === 1,
    track_stock: row.track_stock === 1,
    reorder_level: row.reorder_level,
    image: row.image,
    description: row.description,
    category: { id: row.category_id, name: row.category_name },
    unit: { id: row.unit_id, name: row.unit_name, symbol: row.unit_symbol },
    modifier_group_ids: ownGroupIdsOf(row.own_groups),
    ...(withStock ? { stock: row.on_hand } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listProducts(ctx: ServiceContext, query: ProductListQuery) {
  const withStock = query.include === 'stock' || query.stock === true;
  const filter = { q: query.q ?? '', categoryId: query.category_id ?? query.category, unitId: query.unit_id, active: query.active };
  // The matching ids and their count from the search index, with or without a text; then only the page's rows.
  const { ids, rows } = await searchedRows(ctx, filter, (found) => found.slice((query.page - 1) * query.per_page, query.page * query.per_page));
  return { data: rows.map((row) => toProduct(row, withStock)), meta: pageMeta(ids.length, query.page, query.per_page) };
}

/** What a search finds, from the search index, and the rows of those `pageOf` picks. */
function searchedRows(ctx: ServiceContext, filter: ProductFilter, pageOf: (ids: readonly number[]) => readonly number[]) {
  const keyed = keyedReads(ctx);
  return searchWithPage(ctx, filter, pageOf, { rows: (pageIds) => productsByIds(keyed, pageIds), rowsAtVersion: (pageIds) => pageAtVersion(keyed, pageIds) });
}

/** The newest `count` products a search finds, as the product list's search finds them (the header's search). */
export async function newestFound(ctx: ServiceContext, q: string, count: number): Promise<Product[]> {
  const { rows } = await searchedRows(ctx, { q }, (found) => found.slice(0, count));
  return rows.map((row) => toProduct(row));
}

export async function getProduct(ctx: ServiceContext, id: number): Promise<Product> {
  const row = await selectProducts(ctx).where('products.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return toProduct(row, true);
}

/** References and unique codes, checked in the order a person fixes them: 422 first, then 409. */
async function checkProductInput(ctx: ServiceContext, input: ProductInput, exceptId?: number) {
  const errors: Record<string, string[]> = {};
  const category = await ctx.db.selectFrom('categories').select('id').where('id', '=', input.category_id).executeTakeFirst();
  if (!category) errors.category_id = [PRODUCT_MESSAGES.categoryMissing];
  const unit = await ctx.db.selectFrom('units').select('id').where('id', '=', input.unit_id).executeTakeFirst();
  if (!unit) errors.unit_id = [PRODUCT_MESSAGES.unitMissing];
  refuseFields(errors);

  let sku = ctx.db.selectFrom('products').select('id').where((eb) => eb(eb.fn('lower', ['sku']), '=', input.sku.toLowerCase()));
  if (exceptId !== undefined) sku = sku.where('id', '!=', exceptId);
  if (await sku.executeTakeFirst()) throw conflict(PRODUCT_MESSAGES.skuTaken, { field: 'sku' });
  if (input.barcode) {
    let barcode = ctx.db.selectFrom('products').select('id').where('barcode', '=', input.barcode);
    if (exceptId !== undefined) barcode = barcode.where('id', '!=', exceptId);
    if (await barcode.executeTakeFirst()) {
      throw conflict(PRODUCT_MESSAGES.barcodeTaken, { field: 'barcode' });
    }
  }
}

function productColumns(input: ProductInput) {
  return {
    name: input.name,
    sku: input.sku,
    barcode: input.barcode,
    category_id: input.category_id,
    unit_id: input.unit_id,
    price_cents: toCents(input.price),
    active: input.active ? 1 : 0,
    track_stock: input.track_stock ? 1 : 0,
    reorder_level: input.reorder_level,
    image: input.image,
    description: input.description,
  };
}

const conflictAudit = { entity: 'product', conflictMessage: PRODUCT_MESSAGES.skuTaken, conflictField: 'sku' };

export function createProduct(ctx: ServiceContext, input: ProductInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...conflictAudit }, async (tx) => {
    await checkProductInput(tx, input);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db
      .insertInto('products')
      .values({ ...productColumns(input), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setOwnGroups(tx, 'product_modifier_groups', id, input.modifier_group_ids);
    await productsChanged(tx, [id]);
    const result = await getProduct(tx, id);
    return { id, after: result, result };
  });
}

export function updateProduct(ctx: ServiceContext, id: number, input: ProductInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...conflictAudit }, async (tx) => {
    const before = await getProduct(tx, id);
    await checkProductInput(tx, input, id);
    await tx.db
      .updateTable('products')
      .set({ ...productColumns(input), updated_at: tx.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    await setOwnGroups(tx, 'product_modifier_groups', id, input.modifier_group_ids);
    await productsChanged(tx, [id]);
    const result = await getProduct(tx, id);
    return { id, before, after: result, result };
  });
}

/** Removes the product and its promotions (they mean nothing without it). */
export function deleteProduct(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...conflictAudit }, async (tx) => {
    const before = await getProduct(tx, id);
    // Its sales and receipts must keep pointing at it: history is never rewritten.
    const history =
      (await tx.db.selectFrom('sale_items').select('id').where('product_id', '=', id).executeTakeFirst()) ??
      (await tx.db.selectFrom('stock_batches').select('id').where('product_id', '=', id).executeTakeFirst());
    if (history) throw conflict(PRODUCT_MESSAGES.hasHistory);
    const promotions = await tx.db.deleteFrom('promotions').where('product_id', '=', id).returning(['id', 'title']).execute();
    await tx.db.deleteFrom('products').where('id', '=', id).execute();
    await productDeleted(tx);
    return { id, before: { ...before, promotions }, result: undefined };
  });
}
