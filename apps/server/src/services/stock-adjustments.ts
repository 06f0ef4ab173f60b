import type { ExpiringBatch, expiringQuerySchema, stockAdjustmentInputSchema } from '@shop/contracts/stock';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import { addDays, daysBetween } from '../lib/business-date';
import { conflict, unprocessable } from '../lib/errors';
import { fromCents } from '@shop/contracts/money';
import { paginate } from '../lib/paginate';
import { actorCan, type Actor, type ServiceContext } from './context';
import { shopToday } from './settings';
import { createBatch, latestUnitCost, lockProducts, recordMovement, takeFromBatch, takeFromBatches, type BatchTake } from './stock-ledger';
import { auditedWrite } from './write';

type AdjustmentInput = z.output<typeof stockAdjustmentInputSchema>;

/**
 * A count correction, waste or write-off. Stock found in a count comes in as a batch at the
 * latest cost; stock that left goes out of the batch that expires first (or the named batch).
 * An adjustment never takes more than is on hand.
 */
export function adjustStock(ctx: ServiceContext, input: AdjustmentInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', entity: 'stock_adjustment', conflictMessage: 'This adjustment conflicts with another.' }, async (tx) => {
    await lockProducts(tx, [input.product_id]);
    const product = await tx.db.selectFrom('products').select(['id', 'name', 'on_hand']).where('id', '=', input.product_id).executeTakeFirst();
    if (!product) throw unprocessable('The selected product does not exist.', { field: 'product_id' });
    const now = tx.clock.now();
    const today = await shopToday(tx, now);
    const { id } = await tx.db
      .insertInto('stock_adjustments')
      .values({
        product_id: input.product_id,
        quantity: input.quantity,
        reason: input.reason,
        notes: input.notes,
        business_date: today,
        created_by: actor.userId,
        created_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    // Signed changes per batch: positive comes in, negative goes out.
    let changes: BatchTake[];
    if (input.quantity > 0) {
      const unitCostCents = await latestUnitCost(tx, input.product_id);
      const batchId = await createBatch(tx, {
        productId: input.product_id,
        source: 'adjustment',
        quantity: input.quantity,
        unitCostCents,
        receivedDate: today,
        expireDate: null,
        notes: input.notes,
        userId: actor.userId,
      });
      changes = [{ batchId, quantity: input.quantity, unitCostCents }];
    } else {
      const wanted = -input.quantity;
      if (wanted > product.on_hand) {
        throw conflict(`Only ${Math.max(0, product.on_hand)} of ${product.name} on hand; cannot take out ${wanted}.`);
      }
      const takes = input.batch_id ? [await takeFromBatch(tx, input.product_id, input.batch_id, wanted)] : await takeFromBatches(tx, input.product_id, wanted, today);
      changes = takes.map((take) => ({ ...take, quantity: -take.quantity }));
    }
    for (const change of changes) {
      await recordMovement(tx, {
        productId: input.product_id,
        quantity: change.quantity,
        unitCostCents: change.unitCostCents,
        kind: 'adjustment',
        businessDate: today,
        batchId: change.batchId,
        referenceType: 'adjustment',
        referenceId: id,
        userId: actor.userId,
      });
    }
    const after = await tx.db.selectFrom('products').select('on_hand').where('id', '=', input.product_id).executeTakeFirstOrThrow();
    const result = {
      id,
      product_id: input.product_id,
      quantity: input.quantity,
      reason: input.reason,
      notes: input.notes,
      on_hand: after.on_hand,
      business_date: today,
      created_at: now.toISOString(),
    };
    return { id, after: result, result };
  });
}

/** Batches with stock left that expire within `days` days, or already have; soonest first. */
export async function listExpiringBatches(ctx: ServiceContext, query: z.output<typeof expiringQuerySchema>, viewer: Actor) {
  const seesCosts = actorCan(viewer, 'costs:view');
  const today = await shopToday(ctx);
  let select = ctx.db
    .selectFrom('stock_batches')
    .innerJoin('products', 'products.id', 'stock_batches.product_id')
    .select([
      'stock_batches.id',
      'stock_batches.product_id',
      'stock_batches.received_date',
      'stock_batches.expire_date',
      'stock_batches.remaining',
      'stock_batches.unit_cost_cents',
      'products.name as product_name',
      'products.sku as product_sku',
    ])
    .where('stock_batches.remaining', '>', 0)
    .where('stock_batches.expire_date', 'is not', null)
    .where('stock_batches.expire_date', '<=', addDays(today, query.days))
    .orderBy('stock_batches.expire_date')
    .orderBy('stock_batches.id');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([containsInsensitive(ctx.kind, eb.ref('products.name'), q), containsInsensitive(ctx.kind, eb.ref('products.sku'), q)]),
    );
  }
  const page = await paginate(select, query.page, query.per_page);
  const data: ExpiringBatch[] = page.rows.map((row) => {
    const expireDate = row.expire_date ?? today;
    const daysLeft = daysBetween(today, expireDate);
    return {
      batch_id: row.id,
      product: { id: row.product_id, name: row.product_name, sku: row.product_sku },
      received_date: row.received_date,
      expire_date: expireDate,
      days_left: daysLeft,
      remaining: row.remaining,
      ...(seesCosts ? { unit_cost: fromCents(row.unit_cost_cents), value: fromCents(row.remaining * row.unit_cost_cents) } : {}),
      expired: daysLeft < 0,
    };
  });
  return { data, meta: { ...page.meta, today } };
}
