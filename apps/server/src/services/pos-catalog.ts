import type { PosCatalog } from '@shop/contracts/pos';
import { bestPromotion } from '@shop/contracts/pricing';
import { fromBasisPoints, fromCents } from '@shop/contracts/money';
import type { ServiceContext } from './context';
import { shopToday } from './settings';
import { expiredOnHand } from './stock-ledger';
import { allOwnGroups, groupsForTill, productGroupIds } from './modifier-groups';

/** GET /pos/catalog: active products with stock and today's best promotion, ordered by name. */
export async function getPosCatalog(ctx: ServiceContext): Promise<PosCatalog> {
  const today = await shopToday(ctx);
  const [products, promotions, categories, expired, productGroups, categoryGroups] = await Promise.all([
    ctx.db
      .selectFrom('products')
      .select(['id', 'name', 'sku', 'barcode', 'price_cents', 'category_id', 'image', 'track_stock', 'on_hand'])
      .where('active', '=', 1)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('promotions')
      .select(['product_id', 'title', 'discount_bp', 'valid_until'])
      .where('active', '=', 1)
      .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>=', today)]))
      .execute(),
    ctx.db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute(),
    expiredOnHand(ctx, null, today),
    allOwnGroups(ctx, 'product_modifier_groups'),
    allOwnGroups(ctx, 'category_modifier_groups'),
  ]);
  const groupIdsOf = (product: { id: number; category_id: number }) => productGroupIds(productGroups.get(product.id), categoryGroups.get(product.category_id));
  const usedGroups = new Set(products.flatMap((product) => groupIdsOf(product)));
  const byProduct = new Map<number, { title: string; discountBp: number; active: boolean; validUntil: string | null }[]>();
  for (const p of promotions) {
    const list = byProduct.get(p.product_id) ?? [];
    list.push({ title: p.title, discountBp: p.discount_bp, active: true, validUntil: p.valid_until });
    byProduct.set(p.product_id, list);
  }
  return {
    today,
    categories,
    modifier_groups: await groupsForTill(ctx, [...usedGroups]),
    products: products.map((product) => {
      const promotion = bestPromotion(byProduct.get(product.id) ?? [], today);
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
        modifier_group_ids: groupIdsOf(product),
      };
    }),
  };
}
