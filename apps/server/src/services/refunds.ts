import { SALE_MESSAGES, type Sale, type refundInputSchema } from '@shop/contracts/sale';
import type { z } from 'zod';
import { AppError, notFound, unprocessable } from '../lib/errors';
import { fromCents } from '@shop/contracts/money';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';
import { runIdempotent } from './idempotency';
import { notifyRefund } from './notifications';
import { getSale, nextNumber, refundCode, saleCode, type SaleViewer } from './sales';
import { shopToday } from './settings';
import { latestUnitCost, recordMovement } from './stock-ledger';

type RefundInput = z.output<typeof refundInputSchema>;

interface SaleLine {
  id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  line_total_cents: number;
  refunded_qty: number;
}

/**
 * Each line's share of what the customer paid (its line total plus its part of tax and
 * service), in cents that add up exactly to the sale's total.
 */
function paidShares(lines: SaleLine[], totalCents: number): Map<number, number> {
  const net = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
  const shares = new Map<number, number>();
  let given = 0;
  lines.forEach((line, index) => {
    const share = index === lines.length - 1 ? totalCents - given : net === 0 ? 0 : Math.round((totalCents * line.line_total_cents) / net);
    shares.set(line.id, share);
    given += share;
  });
  return shares;
}

/** Puts refunded units back into the batches the sale took them from, latest first. */
async function restock(tx: ServiceContext, saleId: number, refundId: number, productId: number, quantity: number, day: string, userId: number) {
  const refundIds = (await tx.db.selectFrom('refunds').select('id').where('sale_id', '=', saleId).execute()).map((r) => r.id);
  const netByBatch = await tx.db
    .selectFrom('stock_movements')
    .select(['batch_id', 'unit_cost_cents'])
    .select((eb) => eb.fn.sum<number>('quantity').as('net'))
    .where('product_id', '=', productId)
    .where((eb) =>
      eb.or([
        eb.and([eb('reference_type', '=', 'sale'), eb('reference_id', '=', saleId)]),
        eb.and([eb('reference_type', '=', 'refund'), eb('reference_id', 'in', refundIds)]),
      ]),
    )
    .groupBy(['batch_id', 'unit_cost_cents'])
    .orderBy('batch_id', 'desc')
    .execute();
  let left = quantity;
  for (const batch of netByBatch) {
    const returnable = -Number(batch.net);
    if (left === 0 || returnable <= 0) continue;
    const back = Math.min(left, returnable);
    if (batch.batch_id !== null) {
      await tx.db
        .updateTable('stock_batches')
        .set((eb) => ({ remaining: eb('remaining', '+', back) }))
        .where('id', '=', batch.batch_id)
        .execute();
    }
    await recordMovement(tx, {
      productId,
      quantity: back,
      unitCostCents: batch.unit_cost_cents,
      kind: 'refund',
      businessDate: day,
      batchId: batch.batch_id,
      referenceType: 'refund',
      referenceId: refundId,
      userId,
    });
    left -= back;
  }
  if (left > 0) {
    // Sold before stock was tracked: nothing to give back to, so it comes back as unbatched stock.
    await recordMovement(tx, {
      productId,
      quantity: left,
      unitCostCents: await latestUnitCost(tx, productId),
      kind: 'refund',
      businessDate: day,
      batchId: null,
      referenceType: 'refund',
      referenceId: refundId,
      userId,
    });
  }
}

async function recordRefund(tx: ServiceContext, saleId: number, input: RefundInput, userId: number) {
  if (tx.kind === 'postgres') await tx.db.selectFrom('sales').select('id').where('id', '=', saleId).forUpdate().execute();
  const sale = await tx.db.selectFrom('sales').select(['id', 'number', 'total_cents', 'refunded_cents', 'status']).where('id', '=', saleId).executeTakeFirst();
  if (!sale) throw notFound(SALE_MESSAGES.notFound);
  const lines = await tx.db
    .selectFrom('sale_items')
    .innerJoin('products', 'products.id', 'sale_items.product_id')
    .select(['sale_items.id', 'sale_items.product_id', 'sale_items.product_name', 'sale_items.quantity', 'sale_items.line_total_cents', 'sale_items.refunded_qty', 'products.track_stock'])
    .where('sale_id', '=', saleId)
    .orderBy('sale_items.id')
    .execute();

  // What to refund: the lines asked for (a line named twice counts once, summed), else all that is left.
  const wanted = new Map<number, number>();
  if (input.items) {
    const errors: Record<string, string[]> = {};
    input.items.forEach((item, index) => {
      if (!lines.some((line) => line.id === item.sale_item_id)) errors[`items.${index}.sale_item_id`] = ['This line is not on this sale.'];
      wanted.set(item.sale_item_id, (wanted.get(item.sale_item_id) ?? 0) + item.quantity);
    });
    input.items.forEach((item, index) => {
      const line = lines.find((l) => l.id === item.sale_item_id);
      const left = line ? line.quantity - line.refunded_qty : 0;
      if (line && (wanted.get(line.id) ?? 0) > left) {
        errors[`items.${index}.quantity`] = [left === 0 ? `${line.product_name} has already been refunded.` : `Only ${left} of ${line.product_name} can still be refunded.`];
      }
    });
    if (Object.keys(errors).length) throw unprocessable(Object.values(errors)[0]![0]!, errors);
  } else {
    for (const line of lines) if (line.quantity > line.refunded_qty) wanted.set(line.id, line.quantity - line.refunded_qty);
  }
  if (wanted.size === 0) throw new AppError(409, SALE_MESSAGES.nothingToRefund);

  const shares = paidShares(lines, sale.total_cents);
  const refundedBefore = new Map(
    (
      await tx.db
        .selectFrom('refund_items')
        .innerJoin('refunds', 'refunds.id', 'refund_items.refund_id')
        .select('refund_items.sale_item_id')
        .select((eb) => eb.fn.sum<number>('refund_items.amount_cents').as('amount'))
        .where('refunds.sale_id', '=', saleId)
        .groupBy('refund_items.sale_item_id')
        .execute()
    ).map((row) => [row.sale_item_id, Number(row.amount)]),
  );
  const refundLines = lines
    .filter((line) => wanted.has(line.id))
    .map((line) => {
      const quantity = wanted.get(line.id)!;
      const share = shares.get(line.id) ?? 0;
      // The last units of a line take what is left of its share, so a line refunded in parts adds up exactly.
      const amount =
        line.refunded_qty + quantity === line.quantity ? share - (refundedBefore.get(line.id) ?? 0) : Math.round((share * quantity) / line.quantity);
      return { line, quantity, amount };
    });
  const amountCents = refundLines.reduce((sum, item) => sum + item.amount, 0);
  const fullyRefunded = lines.every((line) => line.refunded_qty + (wanted.get(line.id) ?? 0) === line.quantity);

  const day = await shopToday(tx);
  const number = await nextNumber(tx, 'refund');
  const { id: refundId } = await tx.db
    .insertInto('refunds')
    .values({
      number,
      sale_id: saleId,
      amount_cents: amountCents,
      reason: input.reason,
      restock: input.restock ? 1 : 0,
      business_date: day,
      user_id: userId,
      created_at: tx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const { line, quantity, amount } of refundLines) {
    await tx.db
      .insertInto('refund_items')
      .values({ refund_id: refundId, sale_item_id: line.id, product_id: line.product_id, quantity, amount_cents: amount })
      .execute();
    await tx.db
      .updateTable('sale_items')
      .set((eb) => ({ refunded_qty: eb('refunded_qty', '+', quantity) }))
      .where('id', '=', line.id)
      .execute();
    if (input.restock && line.track_stock === 1) await restock(tx, saleId, refundId, line.product_id, quantity, day, userId);
  }
  await tx.db
    .updateTable('sales')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents), status: fullyRefunded ? 'Refunded' : 'Partial' }))
    .where('id', '=', saleId)
    .execute();
  await recordAudit(tx.db, tx.clock, {
    userId,
    action: 'create',
    entity: 'refund',
    entityId: refundId,
    after: { sale_id: saleId, amount_cents: amountCents, items: refundLines.map((r) => ({ sale_item_id: r.line.id, quantity: r.quantity })), restock: input.restock },
  });
  const by = await tx.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  await notifyRefund(tx, {
    id: refundId,
    code: refundCode(number),
    saleCode: saleCode(sale.number),
    amount: fromCents(amountCents),
    byUserId: userId,
    byName: by?.name ?? '',
  });
  return { id: refundId, code: refundCode(number), amount: fromCents(amountCents) };
}

/** POST /sales/{id}/refunds: a new document that returns money (and goods) against a sale. */
export async function refundSale(ctx: ServiceContext, saleId: number, input: RefundInput, idempotencyKey: string | null, viewer: SaleViewer) {
  return runIdempotent<{ data: Sale; refund: { id: number; code: string; amount: number }; message: string }>(
    ctx,
    {
      key: idempotencyKey,
      userId: viewer.userId,
      scope: `refund:${saleId}`,
      request: input,
      messages: { keyReused: 'This Idempotency-Key was already used for a different refund. Use a new key.', inFlight: SALE_MESSAGES.inFlight },
    },
    async (tx) => {
      const refund = await recordRefund(tx, saleId, input, viewer.userId);
      return { statusCode: 201, body: { data: await getSale(tx, saleId, viewer), refund, message: SALE_MESSAGES.refunded } };
    },
  );
}
