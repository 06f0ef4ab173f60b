import type { PosCatalog, PosCatalogQuery } from '@shop/contracts/pos';
import { bestPromotion } from '@shop/contracts/pricing';
import { fromBasisPoints, fromCents } from '@shop/contracts/money';
import type { ServiceContext } from './context';
import { shopToday } from './settings';
import { expiredOnHand } from './stock-ledger';
import { allOwnGroups, groupsForTill, productGroupIds } from './modifier-groups';
import { catalogVersion } from './catalog-version';

/*
 * The till's catalogue, whole or as what changed since a version
 * (docs/decisions/0016-offline-selling.md, "A big catalogue"; the contract is in @shop/contracts/pos).
 */

/** A till this far behind takes the whole catalogue: a delta that big is no cheaper, and its ids would not fit one query. */
const MAX_DELTA_ROWS = 5_000;

/** The catalogue's entity tag: its day and version name exactly what a till would be sent. */
export const catalogTag = (today: string, version: number) => `"${today}.${version}"`;

export type PosCatalogAnswer =
  | { tag: string; unchanged: true }
  | { tag: string; unchanged: false; catalog: PosCatalog }
  /** The whole catalogue at this day and version: the caller reads it (getPosCatalog), or sends the body it already has under this tag. */
  | { tag: string; unchanged: false; whole: { today: string; version: number } };

/** GET /pos/catalog: 304 when the till's `If-None-Match` names the catalogue as it is, else the delta since its version, else the whole one's day and version. */
export async function readPosCatalog(ctx: ServiceContext, query: PosCatalogQuery, ifNoneMatch: string | undefined): Promise<PosCatalogAnswer> {
  // The version is read before the rows, and every row stamped at or below it is committed by then
  // (services/catalog-version.ts); a delta sends the rows up to it, a later change comes next time.
  const [today, { version, deleted }] = await Promise.all([shopToday(ctx), catalogVersion(ctx)]);
  const tag = catalogTag(today, version);
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag)) return { tag, unchanged: true };
  const since = query.since;
  const deltaAnswers = since !== undefined && query.today === today && since <= version && since >= deleted;
  const catalog = deltaAnswers ? await catalogSince(ctx, today, version, since) : null;
  return catalog ? { tag, unchanged: false, catalog } : { tag, unchanged: false, whole: { today, version } };
}

/** The whole catalogue: active products with stock and today's best promotion, ordered by name. */
export async function getPosCatalog(ctx: ServiceContext, at?: { today: string; version: number }): Promise<PosCatalog> {
  const [today, version] = at ? [at.today, at.version] : await Promise.all([shopToday(ctx), catalogVersion(ctx).then((v) => v.version)]);
  const [products, promotions, categories, expired, productGroups, categoryGroups] = await Promise.all([
    ctx.db
      .selectFrom('products')
      .select(['id', 'name', 'sku', 'barcode', 'price_cents', 'category_id', 'image', 'track_stock', 'on_hand', 'active'])
      .where('active', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    promotionsOf(ctx, today, null),
    categoriesForTill(ctx),
    expiredOnHand(ctx, null, today),
    allOwnGroups(ctx, 'product_modifier_groups'),
    allOwnGroups(ctx, 'category_modifier_groups'),
  ]);
  const groupIdsOf = (product: { id: number; category_id: number }) => productGroupIds(productGroups.get(product.id), categoryGroups.get(product.category_id));
  const usedGroups = new Set(products.flatMap((product) => groupIdsOf(product)));
  return {
    version,
    full: true,
    today,
    categories,
    modifier_groups: await groupsForTill(ctx, [...usedGroups]),
    products: products.map((product) => toPosProduct(product, today, promotions, expired, groupIdsOf(product))),
    removed: [],
  };
}

/** What changed since `since` (null when too much did: the caller sends the whole). */
async function catalogSince(ctx: ServiceContext, today: string, version: number, since: number): Promise<PosCatalog | null> {
  const changed = await ctx.db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'barcode', 'price_cents', 'category_id', 'image', 'track_stock', 'on_hand', 'active'])
    .where('catalog_rev', '>', since)
    .where('catalog_rev', '<=', version)
    .orderBy('name')
    .orderBy('id')
    .limit(MAX_DELTA_ROWS + 1)
    .execute();
  if (changed.length > MAX_DELTA_ROWS) return null;
  const active = changed.filter((product) => product.active === 1);
  const ids = active.map((product) => product.id);
  const [promotions, categories, expired, productGroups, categoryGroups] = await Promise.all([
    ids.length ? promotionsOf(ctx, today, ids) : new Map<number, Offer[]>(),
    categoriesForTill(ctx),
    ids.length ? expiredOnHand(ctx, ids, today) : new Map<number, number>(),
    allOwnGroups(ctx, 'product_modifier_groups'),
    allOwnGroups(ctx, 'category_modifier_groups'),
  ]);
  const groupIdsOf = (product: { id: number; category_id: number }) => productGroupIds(productGroups.get(product.id), categoryGroups.get(product.category_id));
  // Every group placed somewhere (the links are few; the products they reach may be many).
  const placed = new Set([...productGroups.values(), ...categoryGroups.values()].flat());
  return {
    version,
    full: false,
    today,
    categories,
    modifier_groups: await groupsForTill(ctx, [...placed]),
    products: active.map((product) => toPosProduct(product, today, promotions, expired, groupIdsOf(product))),
    removed: changed.filter((product) => product.active !== 1).map((product) => product.id),
  };
}

type Offer = { title: string; discountBp: number; active: boolean; validUntil: string | null };

/** Active promotions valid today, by product: these products' or every one's. */
async function promotionsOf(ctx: ServiceContext, today: string, productIds: number[] | null): Promise<Map<number, Offer[]>> {
  let select = ctx.db
    .selectFrom('promotions')
    .select(['product_id', 'title', 'discount_bp', 'valid_until'])
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', today)]));
  if (productIds) select = select.where('product_id', 'in', productIds);
  const byProduct = new Map<number, Offer[]>();
  for (const p of await select.execute()) {
    const list = byProduct.get(p.product_id) ?? [];
    list.push({ title: p.title, discountBp: p.discount_bp, active: true, validUntil: p.valid_until });
    byProduct.set(p.product_id, list);
  }
  return byProduct;
}

const categoriesForTill = (ctx: ServiceContext) => ctx.db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute();

type ProductRow = {
  id: number;
  name: string;
  sku: string;
  barcode: string | null;
  price_cents: number;
  category_id: number;
  image: string | null;
  track_stock: number;
  on_hand: number;
};

function toPosProduct(product: ProductRow, today: string, promotions: Map<number, Offer[]>, expired: Map<number, number>, groupIds: number[]) {
  const promotion = bestPromotion(promotions.get(product.id) ?? [], today);
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    barcode: product.barcode,
    price: fromCents(product.price_cents),
    category_id: product.category_id,
    image: product.image,
    track_stock: product.track_stock === 1,
    stock: product.on_hand - (expired.get(product.id) ?? 0),
    expired: expired.get(product.id) ?? 0,
    discount_percent: promotion ? fromBasisPoints(promotion.discountBp) : 0,
    promotion: promotion?.title ?? null,
    modifier_group_ids: groupIds,
  };
}
