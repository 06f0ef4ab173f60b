import { toCents } from '@shop/contracts/money';
import { PAYMENT_MESSAGES, type paymentInputSchema } from '@shop/contracts/payment';
import type { PaymentMethod, Settings } from '@shop/contracts/settings';
import { CASH_METHOD, settleTender, type ChangeIn, type PaymentCurrency, type SaleRates, type TenderOutcome } from '@shop/contracts/tender';
import type { Insertable, Selectable } from 'kysely';
import type { z } from 'zod';
import { compiledOnce, type Rows } from '../db/compiled-once';
import type { SalePaymentsTable } from '../db/schema';
import { unprocessable } from '../lib/errors';
import type { Actor, ServiceContext } from './context';
import type { Place } from './shifts';

/*
 * Payments toward a sale, in dollars and riel: which method each is, what it is worth at the
 * sale's rates, and the rows that record them (docs/decisions/0010-payments-in-dollars-and-riel.md).
 * Checkout and the later settlement of a sale left on account both go through here.
 */

type PaymentInput = z.output<typeof paymentInputSchema>;

/** One payment as the sale records it: its method and its amount in its currency's smallest unit. */
export interface TakenPayment {
  method: PaymentMethod;
  currency: PaymentCurrency;
  /** Cents for dollars, whole riel for riel. */
  amount: number;
  reference: string | null;
  khqr: { md5: string; bill_number: string | null } | null;
}

/** The rates a sale made now is paid at: the shop's, stored on the sale. */
export function currentRates(settings: Settings): SaleRates {
  const { khrPerUsd, khrChangePerUsd, rielStep } = settings.payments;
  return { khrPerUsd, khrChangePerUsd: khrChangePerUsd ?? khrPerUsd, rielStep };
}

/**
 * One of the shop's enabled methods, named by its label or key; `field` is where a refusal points.
 * For a sale made offline (`madeOffline`) any method the shop has is taken, enabled or not, and
 * KHQR without its account: the till took the payment with the methods it had then
 * (docs/decisions/0016-offline-selling.md). A method the shop never had is refused either way.
 */
export function resolveMethod(settings: Settings, wanted: string, field: string, madeOffline = false): PaymentMethod {
  const enabled = settings.payments.methods.filter((method) => method.enabled);
  const lower = wanted.toLowerCase();
  const named = (m: PaymentMethod) => m.label.toLowerCase() === lower || m.key === lower;
  const method = enabled.find(named) ?? (madeOffline ? settings.payments.methods.find(named) : undefined);
  if (!method) throw unprocessable(`Choose one of the payment methods: ${enabled.map((m) => m.label).join(', ')}.`, { field });
  if (method.key === 'khqr' && settings.khqr.accountId === '' && !madeOffline) {
    throw unprocessable('KHQR is not set up yet: an Admin fills in the Bakong account in Settings → Payments.', { field });
  }
  return method;
}

/** The payments of a request, each checked against the shop's methods (any it has, for a sale made offline). */
export function takePayments(settings: Settings, payments: readonly PaymentInput[], field = 'payments', madeOffline = false): TakenPayment[] {
  return payments.map((payment, index) => ({
    method: resolveMethod(settings, payment.method, `${field}.${index}.method`, madeOffline),
    currency: payment.currency,
    amount: payment.currency === 'KHR' ? payment.amount : toCents(payment.amount),
    reference: payment.reference,
    khqr: payment.khqr,
  }));
}

/**
 * The specs' one payment: a method, and for cash what was handed over in dollars and in riel.
 * Without a tendered amount, or for another method, it pays the total exactly.
 */
export function legacyPayments(
  settings: Settings,
  input: { payment_method: string; tendered: number | null; tendered_khr: number },
  totalCents: number,
  madeOffline = false,
): TakenPayment[] {
  const method = resolveMethod(settings, input.payment_method, 'payment_method', madeOffline);
  const one = (currency: PaymentCurrency, amount: number): TakenPayment => ({ method, currency, amount, reference: null, khqr: null });
  if (method.key !== CASH_METHOD || (input.tendered === null && input.tendered_khr === 0)) return [one('USD', totalCents)];
  const taken: TakenPayment[] = [];
  if (input.tendered !== null && input.tendered > 0) taken.push(one('USD', toCents(input.tendered)));
  if (input.tendered_khr > 0) taken.push(one('KHR', input.tendered_khr));
  return taken.length ? taken : [one('USD', 0)];
}

/**
 * What the payments come to against what is owed. Only cash may be more than it (change is
 * cash); less than it is refused unless the caller lets it stay owed (`allowShort`).
 */
export function settle(taken: readonly TakenPayment[], owedCents: number, rates: SaleRates, changeIn: ChangeIn, options: { allowShort: boolean; shortField: string; shortMessage: string }): TenderOutcome {
  const outcome = settleTender(
    taken.map((payment) => ({ methodKey: payment.method.key, currency: payment.currency, amount: payment.amount })),
    owedCents,
    rates,
    changeIn,
  );
  if (outcome.nonCashOver) throw unprocessable(owedCents === 0 ? PAYMENT_MESSAGES.nothingOwed : PAYMENT_MESSAGES.nonCashOver, { field: 'payments' });
  if (!outcome.covered && !options.allowShort) throw unprocessable(options.shortMessage, { field: options.shortField });
  return outcome;
}

/** The methods of a sale's payments as one label, each once: "Cash", "Cash + Card". */
export const methodsLabel = (taken: readonly TakenPayment[]) => [...new Set(taken.map((payment) => payment.method.label))].join(' + ');

/**
 * The payment rows: one per payment, then the change handed back as negative cash rows (dollars,
 * then riel), so what each currency brought in is a plain sum of the rows. Each names the till and
 * shift it was taken at (the drawer it went into). Returns the rows as written, in order.
 */
export async function writePayments(
  tx: ServiceContext,
  row: { saleId: number; kind: 'sale' | 'settlement'; day: string; actor: Actor; rates: SaleRates; place: Place },
  taken: readonly TakenPayment[],
  outcome: TenderOutcome,
): Promise<Selectable<SalePaymentsTable>[]> {
  const createdAt = tx.clock.now().toISOString();
  const base = { sale_id: row.saleId, business_date: row.day, user_id: row.actor.userId, khr_per_usd: row.rates.khrPerUsd, change_cents: 0, created_at: createdAt, till_id: row.place.till_id, shift_id: row.place.shift_id };
  const values: Insertable<SalePaymentsTable>[] = taken.map((payment, index) => ({
    ...base,
    method: payment.method.label,
    method_key: payment.method.key,
    currency: payment.currency,
    amount_cents: outcome.creditedCents[index]!,
    amount_khr: payment.currency === 'KHR' ? payment.amount : 0,
    reference: payment.reference,
    khqr_md5: payment.khqr?.md5 ?? null,
    bill_number: payment.khqr?.bill_number ?? null,
    kind: row.kind,
    tendered_cents: outcome.creditedCents[index]!,
    tendered_khr: payment.currency === 'KHR' ? payment.amount : 0,
  }));
  const cash = taken.find((payment) => payment.method.key === CASH_METHOD)?.method;
  if (cash && outcome.changeCents > 0) {
    const change = { ...base, method: cash.label, method_key: cash.key, reference: null, khqr_md5: null, bill_number: null, kind: 'change' as const, tendered_khr: 0 };
    if (outcome.change.usdCents > 0) values.push({ ...change, currency: 'USD', amount_cents: -outcome.change.usdCents, amount_khr: 0, tendered_cents: -outcome.change.usdCents });
    const rielPart = outcome.changeCents - outcome.change.usdCents;
    if (rielPart > 0) values.push({ ...change, currency: 'KHR', amount_cents: -rielPart, amount_khr: -outcome.change.khr, tendered_cents: -rielPart });
  }
  return insertPayments(tx, values);
}

/** Built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once"). */
const insertPayments = compiledOnce((db, rows: Rows<'sale_payments'>) => db.insertInto('sale_payments').values(rows).returningAll());
