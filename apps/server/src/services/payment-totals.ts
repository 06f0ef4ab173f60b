import { fromCents } from '@shop/contracts/money';
import type { PaymentTotal, PaymentTotalsQuery } from '@shop/contracts/payment-totals';
import { CASH_METHOD, PAYMENT_CURRENCIES, type PaymentCurrency } from '@shop/contracts/tender';
import { sql } from 'kysely';
import type { ServiceContext } from './context';
import { getSettingsSection } from './settings';

/*
 * The payments breakdown (GET /reports/payments): per method and currency, what the payment rows
 * of a period add up to (payments with the sale, later settlements, less the change handed back,
 * each on the day it was taken), less the refunds made in the period by the method and currency
 * the money went back in. Dollars in cents, riel in riel, each kept apart; `value` is the
 * dollars' worth at the sales' rates, so the rows' values add up to what the shop kept.
 */

interface Sums {
  key: string;
  currency: PaymentCurrency;
  cents: number;
  khr: number;
}

/** A refund's method: its own, or (made before refunds named one) the sale's first payment's. */
export const refundMethodKey = sql<string>`coalesce(refunds.method, (select p.method_key from sale_payments p where p.sale_id = refunds.sale_id and p.kind = 'sale' order by p.id limit 1), ${sql.lit(CASH_METHOD)})`;

async function paymentSums(ctx: ServiceContext, query: PaymentTotalsQuery): Promise<Sums[]> {
  let select = ctx.db
    .selectFrom('sale_payments')
    .select(['method_key as key', 'currency', sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'), sql<number>`coalesce(sum(amount_khr), 0)`.as('khr')])
    .groupBy(['method_key', 'currency']);
  if (query.from) select = select.where('business_date', '>=', query.from);
  if (query.to) select = select.where('business_date', '<=', query.to);
  if (query.till_id) select = select.where('till_id', '=', query.till_id);
  if (query.shift_id) select = select.where('shift_id', '=', query.shift_id);
  return (await select.execute()).map((row) => ({ key: row.key, currency: row.currency, cents: Number(row.cents), khr: Number(row.khr) }));
}

async function refundSums(ctx: ServiceContext, query: PaymentTotalsQuery): Promise<Sums[]> {
  let select = ctx.db
    .selectFrom('refunds')
    .select([refundMethodKey.as('key'), 'currency', sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'), sql<number>`coalesce(sum(amount_khr), 0)`.as('khr')])
    .groupBy([refundMethodKey, 'currency']);
  if (query.from) select = select.where('business_date', '>=', query.from);
  if (query.to) select = select.where('business_date', '<=', query.to);
  if (query.till_id) select = select.where('till_id', '=', query.till_id);
  if (query.shift_id) select = select.where('shift_id', '=', query.shift_id);
  return (await select.execute()).map((row) => ({ key: row.key, currency: row.currency, cents: Number(row.cents), khr: Number(row.khr) }));
}

export async function paymentTotals(ctx: ServiceContext, query: PaymentTotalsQuery): Promise<PaymentTotal[]> {
  const [taken, refunded, { methods }] = await Promise.all([paymentSums(ctx, query), refundSums(ctx, query), getSettingsSection(ctx, 'payments')]);
  const keys = [...new Set([...methods.map((m) => m.key), ...taken.map((row) => row.key), ...refunded.map((row) => row.key)])];
  const find = (rows: Sums[], key: string, currency: PaymentCurrency) => rows.find((row) => row.key === key && row.currency === currency);
  return keys.flatMap((key) =>
    PAYMENT_CURRENCIES.flatMap((currency) => {
      const inRow = find(taken, key, currency);
      const outRow = find(refunded, key, currency);
      if (!inRow && !outRow) return [];
      const amountOf = (row: Sums | undefined) => (row ? (currency === 'KHR' ? row.khr : row.cents) : 0);
      const amount = amountOf(inRow) - amountOf(outRow);
      return [
        {
          method: methods.find((m) => m.key === key)?.label ?? key,
          method_key: key,
          currency,
          amount: currency === 'KHR' ? amount : fromCents(amount),
          value: fromCents((inRow?.cents ?? 0) - (outRow?.cents ?? 0)),
          refunded: currency === 'KHR' ? amountOf(outRow) : fromCents(amountOf(outRow)),
        },
      ];
    }),
  );
}
