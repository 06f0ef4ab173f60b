import type { Promotion, PromotionListQuery, promotionInputSchema } from '@shop/contracts/promotion';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import { notFound, unprocessable } from '../lib/errors';
import { fromBasisPoints, toBasisPoints } from '@shop/contracts/money';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { auditedWrite } from './write';
import { productsChanged } from './catalog-version';

type PromotionInput = z.output<typeof promotionInputSchema>;

function selectPromotions(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('promotions')
    .innerJoin('products', 'products.id', 'promotions.product_id')
    .selectAll('promotions')
    .select(['products.name as product_name', 'products.sku as product_sku']);
}

type PromotionRow = Awaited<ReturnType<ReturnType<typeof selectPromotions>['executeTakeFirstOrThrow']>>;

const toPromotion = (row: PromotionRow): Promotion => ({
  id: row.id,
  title: row.title,
  product_id: row.product_id,
  product: { id: row.product_id, name: row.product_name, sku: row.product_sku },
  discount: fromBasisPoints(row.discount_bp),
  valid_until: row.valid_until,
  active: row.active === 1,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export async function listPromotions(ctx: ServiceContext, query: PromotionListQuery) {
  let select = selectPromotions(ctx).orderBy('promotions.id', 'desc');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([containsInsensitive(ctx.kind, eb.ref('promotions.title'), q), containsInsensitive(ctx.kind, eb.ref('products.name'), q)]),
    );
  }
  if (query.active !== undefined) select = select.where('promotions.active', '=', query.active ? 1 : 0);
  if (query.product_id !== undefined) select = select.where('promotions.product_id', '=', query.product_id);
  const page = await paginate(select, query.page, query.per_page);
  return { data: page.rows.map(toPromotion), meta: page.meta };
}

export async function getPromotion(ctx: ServiceContext, id: number): Promise<Promotion> {
  const row = await selectPromotions(ctx).where('promotions.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Promotion not found.');
  return toPromotion(row);
}

async function assertProductExists(ctx: ServiceContext, productId: number) {
  const product = await ctx.db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) {
    const message = 'The selected product does not exist.';
    throw unprocessable(message, { field: 'product_id' });
  }
}

const columns = (input: PromotionInput) => ({
  title: input.title,
  product_id: input.product_id,
  discount_bp: toBasisPoints(input.discount),
  valid_until: input.valid_until,
  active: input.active ? 1 : 0,
});

const auditInfo = { entity: 'promotion', conflictMessage: 'This promotion conflicts with another one.' };

export function createPromotion(ctx: ServiceContext, input: PromotionInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...auditInfo }, async (tx) => {
    await assertProductExists(tx, input.product_id);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db.insertInto('promotions').values({ ...columns(input), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    await productsChanged(tx, [input.product_id]);
    const result = await getPromotion(tx, id);
    return { id, after: result, result };
  });
}

export function updatePromotion(ctx: ServiceContext, id: number, input: PromotionInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...auditInfo }, async (tx) => {
    const before = await getPromotion(tx, id);
    await assertProductExists(tx, input.product_id);
    await tx.db.updateTable('promotions').set({ ...columns(input), updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
    // The product it left (when moved) and the one it is on.
    await productsChanged(tx, [before.product_id, input.product_id]);
    const result = await getPromotion(tx, id);
    return { id, before, after: result, result };
  });
}

export function deletePromotion(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...auditInfo }, async (tx) => {
    const before = await getPromotion(tx, id);
    await tx.db.deleteFrom('promotions').where('id', '=', id).execute();
    await productsChanged(tx, [before.product_id]);
    return { id, before, result: undefined };
  });
}
