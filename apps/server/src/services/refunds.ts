import { appendJournal } from './journal';
import { placeAtTill, type Place } from './shifts';
import { SALE_MESSAGES, type Sale, type refundInputSchema } from '@shop/contracts/sale';
import type { z } from 'zod';
import { fromCents, sumCents } from '@shop/contracts/money';
import { REFUND_MESSAGES, refundKhr, refundLineAmounts } from '@shop/contracts/refund';
import { CASH_METHOD } from '@shop/contracts/tender';
import { conflict, notFound, refuseFields, unprocessable } from '../lib/errors';
import { approveRefund, recordRefundApprover } from './approvals';
import { recordAudit } from './audit';
import type { Actor, ServiceContext } from './context';
import { runIdempotent } from './idempotency';
import { notifyRefund } from './notifications';
import { nextNumber } from './document-numbers';
import { refundCode, saleCode } from '../lib/document-codes';
import { getSale } from './sales';
import { resolveMethod } from './payments';
import { getSettings, shopToday } from './settings';
import { latestUnitCost, lockProducts, recordMovement } from './stock-ledger';

type RefundInput = z.output<typeof refundInputSchema>;

interface SaleLine {
  id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  line_total_cents: number;
  refunded_qty: number;
  track_stock: number;
}

/** One line of a refund: how many units of which sale line, and the money they bring back. */
interface RefundLine {
  line: SaleLine;
  quantity: number;
  amount: number;
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

/** Step 1: the sale, locked against a second refund at the same moment, and its lines. */
async function loadSale(tx: ServiceContext, saleId: number) {
  if (tx.kind === 'postgres') await tx.db.selectFrom('sales').select('id').where('id', '=', saleId).forUpdate().execute();
  const sale = await tx.db.selectFrom('sales').select(['id', 'number', 'total_cents', 'status', 'khr_per_usd', 'riel_step']).where('id', '=', saleId).executeTakeFirst();
  if (!sale) throw notFound(SALE_MESSAGES.notFound);
  const lines: SaleLine[] = await tx.db
    .selectFrom('sale_items')
    .innerJoin('products', 'products.id', 'sale_items.product_id')
    .select(['sale_items.id', 'sale_items.product_id', 'sale_items.product_name', 'sale_items.quantity', 'sale_items.line_total_cents', 'sale_items.refunded_qty', 'products.track_stock'])
    .where('sale_id', '=', saleId)
    .orderBy('sale_items.id')
    .execute();
  return { sale, lines };
}

/**
 * Step 2: what to refund, per sale line: the lines asked for (a line named twice counts once,
 * summed), else all that is left. Nothing may be refunded twice.
 */
function chooseQuantities(lines: SaleLine[], items: RefundInput['items']): Map<number, number> {
  const wanted = new Map<number, number>();
  if (!items) {
    for (const line of lines) if (line.quantity > line.refunded_qty) wanted.set(line.id, line.quantity - line.refunded_qty);
  } else {
    const errors: Record<string, string[]> = {};
    items.forEach((item, index) => {
      if (!lines.some((line) => line.id === item.sale_item_id)) errors[`items.${index}.sale_item_id`] = ['This line is not on this sale.'];
      wanted.set(item.sale_item_id, (wanted.get(item.sale_item_id) ?? 0) + item.quantity);
    });
    items.forEach((item, index) => {
      const line = lines.find((l) => l.id === item.sale_item_id);
      const left = line ? line.quantity - line.refunded_qty : 0;
      if (line && (wanted.get(line.id) ?? 0) > left) {
        errors[`items.${index}.quantity`] = [left === 0 ? `${line.product_name} has already been refunded.` : `Only ${left} of ${line.product_name} can still be refunded.`];
      }
    });
    refuseFields(errors);
  }
  if (wanted.size === 0) throw conflict(SALE_MESSAGES.nothingToRefund);
  return wanted;
}

/**
 * Step 3: the money back, per line (refundLineAmounts, shared with the refund dialog): each
 * line's share of what the customer paid, tax and service included, adding up exactly.
 */
async function priceRefund(tx: ServiceContext, saleId: number, totalCents: number, lines: SaleLine[], wanted: Map<number, number>): Promise<RefundLine[]> {
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
  const amounts = refundLineAmounts(
    totalCents,
    lines.map((line) => ({ ...line, refunded_cents: refundedBefore.get(line.id) ?? 0 })),
    wanted,
  );
  return amounts.map(({ id, quantity, amount }) => ({ line: lines.find((line) => line.id === id)!, quantity, amount }));
}

/** How the money goes back: a method, a currency, and riel at the sale's rate. */
interface RefundMoney {
  methodKey: string;
  currency: 'USD' | 'KHR';
  amountKhr: number;
  khrPerUsd: number | null;
}

/**
 * Step 3b: how the money goes back. The method asked for (one of the shop's enabled ones), else
 * the sale's first payment's; riel only in cash, at the sale's own rate and riel step (refundKhr).
 */
async function chooseRefundMoney(tx: ServiceContext, sale: { id: number; khr_per_usd: number; riel_step: number }, input: RefundInput, amountCents: number): Promise<RefundMoney> {
  let methodKey: string;
  if (input.method !== null) {
    methodKey = resolveMethod(await getSettings(tx), input.method, 'method').key;
  } else {
    const first = await tx.db.selectFrom('sale_payments').select('method_key').where('sale_id', '=', sale.id).where('kind', '=', 'sale').orderBy('id').executeTakeFirst();
    methodKey = first?.method_key || CASH_METHOD;
  }
  if (input.currency === 'KHR' && methodKey !== CASH_METHOD) throw unprocessable(REFUND_MESSAGES.rielOnlyCash, { field: 'currency' });
  if (input.currency === 'USD') return { methodKey, currency: 'USD', amountKhr: 0, khrPerUsd: null };
  return { methodKey, currency: 'KHR', amountKhr: refundKhr(amountCents, { khrPerUsd: sale.khr_per_usd, rielStep: sale.riel_step }), khrPerUsd: sale.khr_per_usd };
}

/** Step 4: the refund document and its lines, and the sale's refunded figures and status. */
async function writeRefund(tx: ServiceContext, saleId: number, allLines: SaleLine[], refundLines: RefundLine[], input: RefundInput, money: RefundMoney, day: string, actor: Actor, place: Place) {
  const amountCents = sumCents(refundLines.map((item) => item.amount));
  const refunding = new Map(refundLines.map((item) => [item.line.id, item.quantity]));
  const fullyRefunded = allLines.every((line) => line.refunded_qty + (refunding.get(line.id) ?? 0) === line.quantity);
  const number = await nextNumber(tx, 'refund');
  const { id } = await tx.db
    .insertInto('refunds')
    .values({
      number,
      sale_id: saleId,
      amount_cents: amountCents,
      reason: input.reason,
      restock: input.restock ? 1 : 0,
      business_date: day,
      // The method's key ('cash', 'card'…), as sale_payments.method_key; the label is today's.
      method: money.methodKey,
      currency: money.currency,
      amount_khr: money.amountKhr,
      khr_per_usd: money.khrPerUsd,
      approved_by: null,
      till_id: place.till_id,
      shift_id: place.shift_id,
      user_id: actor.userId,
      created_at: tx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const { line, quantity, amount } of refundLines) {
    await tx.db.insertInto('refund_items').values({ refund_id: id, sale_item_id: line.id, product_id: line.product_id, quantity, amount_cents: amount }).execute();
    await tx.db
      .updateTable('sale_items')
      .set((eb) => ({ refunded_qty: eb('refunded_qty', '+', quantity) }))
      .where('id', '=', line.id)
      .execute();
  }
  await tx.db
    .updateTable('sales')
    // Partly refunded, a sale keeps its status (Partial means partly unpaid): its refunded amount says what went back.
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents), ...(fullyRefunded ? { status: 'Refunded' as const } : {}) }))
    .where('id', '=', saleId)
    .execute();
  return { id, number, amountCents };
}

/** A refund, step by step, in the caller's transaction. */
async function recordRefund(tx: ServiceContext, saleId: number, input: RefundInput, actor: Actor) {
  const { sale, lines } = await loadSale(tx, saleId);
  const approvedBy = await approveRefund(tx, input.approval_token, actor);
  // Step 1b: a sale with a balance owing is settled first (see REFUND_MESSAGES.stillOwed).
  if (sale.status === 'Partial') throw conflict(REFUND_MESSAGES.stillOwed);
  const wanted = chooseQuantities(lines, input.items);
  const refundLines = await priceRefund(tx, saleId, sale.total_cents, lines, wanted);
  const money = await chooseRefundMoney(tx, sale, input, sumCents(refundLines.map((item) => item.amount)));
  const day = await shopToday(tx);
  // Step 3c: the till the money leaves from, and its open shift.
  const place = await placeAtTill(tx, input.till_id, await getSettings(tx));
  const refund = await writeRefund(tx, saleId, lines, refundLines, input, money, day, actor, place);
  await recordRefundApprover(tx, refund.id, approvedBy);
  // Step 5: the goods back on the shelf, unless they are not fit to sell again.
  if (input.restock) {
    // In id order, as a checkout takes them: no circle of waits.
    await lockProducts(tx, refundLines.filter(({ line }) => line.track_stock === 1).map(({ line }) => line.product_id));
    for (const { line, quantity } of refundLines) {
      if (line.track_stock === 1) await restock(tx, saleId, refund.id, line.product_id, quantity, day, actor.userId);
    }
  }

  // Step 6: audit, and tell the managers (not the one who refunded).
  await recordAudit(tx.db, tx.clock, {
    userId: actor.userId,
    action: 'create',
    entity: 'refund',
    entityId: refund.id,
    after: { sale_id: saleId, amount_cents: refund.amountCents, items: refundLines.map((r) => ({ sale_item_id: r.line.id, quantity: r.quantity })), restock: input.restock, method: money.methodKey, currency: money.currency, amount_khr: money.amountKhr },
  });
  await appendJournal(tx, 'refund', refund.id);
  const code = refundCode(refund.number);
  const by = await tx.db.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirst();
  await notifyRefund(tx, { id: refund.id, code, saleCode: saleCode(sale.number), amount: fromCents(refund.amountCents), byUserId: actor.userId, byName: by?.name ?? '' });
  return { id: refund.id, code, amount: fromCents(refund.amountCents) };
}

/** POST /sales/{id}/refunds: a new document that returns money (and goods) against a sale. */
export async function refundSale(ctx: ServiceContext, saleId: number, input: RefundInput, idempotencyKey: string | null, viewer: Actor) {
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
      const refund = await recordRefund(tx, saleId, input, viewer);
      return { statusCode: 201, body: { data: await getSale(tx, saleId, viewer), refund, message: SALE_MESSAGES.refunded } };
    },
  );
}
