import { fromCents } from '@shop/contracts/money';
import { PAYMENT_MESSAGES, type settleInputSchema } from '@shop/contracts/payment';
import { SALE_MESSAGES, type Sale } from '@shop/contracts/sale';
import type { z } from 'zod';
import { conflict, notFound } from '../lib/errors';
import { recordAudit } from './audit';
import type { Actor, ServiceContext } from './context';
import { runIdempotent } from './idempotency';
import { settle, takePayments, writePayments } from './payments';
import { getSale, visibleSales } from './sales';
import { getSettings, shopToday } from './settings';
import { appendJournal } from './journal';
import { placeAtTill } from './shifts';

/*
 * POST /sales/{id}/payments: money taken later against a sale left partly unpaid (on account).
 * The payments count at the sale's own rates; the sale is Paid once nothing is owed. The sale's
 * lines and totals are never touched: the payments are new rows, dated the day they are taken.
 * See docs/decisions/0010-payments-in-dollars-and-riel.md.
 */

type SettleInput = z.output<typeof settleInputSchema>;

/** Step 1: the sale, locked against a second settlement at the same moment, and what it still owes. */
async function loadOwing(tx: ServiceContext, saleId: number, viewer: Actor) {
  if (tx.kind === 'postgres') await tx.db.selectFrom('sales').select('id').where('id', '=', saleId).forUpdate().execute();
  const sale = await visibleSales(tx, viewer)
    .select(['sales.id', 'sales.number', 'sales.status', 'sales.total_cents', 'sales.paid_cents', 'sales.khr_per_usd', 'sales.khr_change_per_usd', 'sales.riel_step'])
    .where('sales.id', '=', saleId)
    .executeTakeFirst();
  if (!sale) throw notFound(SALE_MESSAGES.notFound);
  const owedCents = sale.total_cents - sale.paid_cents;
  if (sale.status !== 'Partial' || owedCents <= 0) throw conflict(PAYMENT_MESSAGES.nothingOwed);
  return { sale, owedCents, rates: { khrPerUsd: sale.khr_per_usd, khrChangePerUsd: sale.khr_change_per_usd, rielStep: sale.riel_step } };
}

async function recordSettlement(tx: ServiceContext, saleId: number, input: SettleInput, actor: Actor) {
  const { sale, owedCents, rates } = await loadOwing(tx, saleId, actor);
  // Step 2: the payments, each one of the shop's methods today; together at most what is owed, bar cash change.
  const settings = await getSettings(tx);
  const taken = takePayments(settings, input.payments);
  const outcome = settle(taken, owedCents, rates, input.change_in, { allowShort: true, shortField: 'payments', shortMessage: PAYMENT_MESSAGES.notCovered });
  // Step 3: the rows, and the sale's paid figure and status.
  const day = await shopToday(tx);
  const place = await placeAtTill(tx, input.till_id, settings);
  const rows = await writePayments(tx, { saleId, kind: 'settlement', day, actor, rates, place }, taken, outcome);
  // Each row a record of the journal: the sale's own record covers only what was paid with it.
  for (const { id } of rows) await appendJournal(tx, 'payment', id);
  const paidNow = Math.min(outcome.paidCents, owedCents);
  await tx.db
    .updateTable('sales')
    .set((eb) => ({ paid_cents: eb('paid_cents', '+', paidNow), ...(outcome.covered ? { status: 'Paid' as const } : {}) }))
    .where('id', '=', saleId)
    .execute();
  await recordAudit(tx.db, tx.clock, {
    userId: actor.userId,
    action: 'settle',
    entity: 'sale',
    entityId: saleId,
    before: { number: sale.number, owed_cents: owedCents },
    after: { paid_cents: paidNow, payments: taken.map((p) => ({ method: p.method.key, currency: p.currency, amount: p.amount })) },
  });
  return {
    change: fromCents(outcome.changeCents),
    change_usd: fromCents(outcome.change.usdCents),
    change_khr: outcome.change.khr,
    change_all_khr: outcome.changeAllKhr,
  };
}

export type SettlementChange = Awaited<ReturnType<typeof recordSettlement>>;

/** 201 with the sale as it stands now and the change handed back, or the first answer again for a repeated key. */
export async function settleSale(ctx: ServiceContext, saleId: number, input: SettleInput, idempotencyKey: string | null, viewer: Actor) {
  return runIdempotent<{ data: Sale; change: SettlementChange; message: string }>(
    ctx,
    {
      key: idempotencyKey,
      userId: viewer.userId,
      scope: `settle:${saleId}`,
      request: input,
      messages: { keyReused: 'This Idempotency-Key was already used for a different payment. Use a new key.', inFlight: SALE_MESSAGES.inFlight },
    },
    async (tx) => {
      const change = await recordSettlement(tx, saleId, input, viewer);
      return { statusCode: 201, body: { data: await getSale(tx, saleId, viewer), change, message: PAYMENT_MESSAGES.recorded } };
    },
  );
}
