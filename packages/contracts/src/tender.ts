import { roundUpTo, sumCents } from './money';

/*
 * Paying for a sale with several payments in dollars and riel: what each payment is worth, what
 * is still owed and the change to hand back. The till shows these figures and the server records
 * them, so both call this one function (as they do priceSale). The rounding rules:
 *   - riel handed over is credited at the shop's rate, rounded down to a whole cent, so the shop
 *     never credits more than it got;
 *   - an amount asked for in riel is rounded up to the shop's riel step, so it is covered;
 *   - change is whole dollars in dollars (no US coins circulate) and the rest in riel at the
 *     change rate, rounded down to the riel step; a customer who paid cash only in riel gets
 *     all of it in riel.
 * See docs/decisions/0010-payments-in-dollars-and-riel.md.
 */

export const PAYMENT_CURRENCIES = ['USD', 'KHR'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** The riel steps a shop may round to: the smallest note it hands out. */
export const RIEL_STEPS = [100, 500, 1000] as const;
export type RielStep = (typeof RIEL_STEPS)[number];

/** Riel notes a customer may hand over. */
export const KHR_NOTES = [1_000, 5_000, 10_000, 20_000, 50_000] as const;

/** The key of the one payment method that may be more than what is owed (change comes back). */
export const CASH_METHOD = 'cash';

/** The rates a sale is paid at: stored on the sale, so a reprint or report never changes. */
export interface SaleRates {
  /** Riel per dollar, for riel taken. */
  khrPerUsd: number;
  /** Riel per dollar, for change given in riel (often a little lower than the rate taken). */
  khrChangePerUsd: number;
  /** Riel amounts are rounded to this (100, 500 or 1,000). */
  rielStep: number;
}

export interface TenderLine {
  methodKey: string;
  currency: PaymentCurrency;
  /** Cents for dollars, whole riel for riel. */
  amount: number;
}

/** How change is handed back: the usual dollars-and-riel, or all of it in riel. */
export type ChangeIn = 'mixed' | 'KHR';

export interface TenderOutcome {
  /** Each payment's worth toward the sale, in cents. */
  creditedCents: number[];
  /** All payments together, in cents. */
  paidCents: number;
  /** What non-cash payments (card, KHQR…) bring, in cents. */
  nonCashCents: number;
  /** Still owed, in cents (0 once covered). */
  dueCents: number;
  /** Still owed, asked for in riel: rounded up to the riel step. */
  dueKhr: number;
  /** Paid beyond the total, in cents. */
  changeCents: number;
  /** The change to hand back: whole dollars, and riel. */
  change: { usdCents: number; khr: number };
  /** The change entirely in riel. */
  changeAllKhr: number;
  /** Non-cash payments bring more than the total: only cash may, since change is cash. */
  nonCashOver: boolean;
  /** Whether what is owed is paid. */
  covered: boolean;
}

/** Riel in cents at a rate, rounded down to a whole cent. */
export const khrToCents = (khr: number, khrPerUsd: number): number => Math.floor((khr * 100) / khrPerUsd);

/** Cents asked for in riel, rounded up to the step. */
export const centsToKhrDue = (cents: number, rates: Pick<SaleRates, 'khrPerUsd' | 'rielStep'>): number =>
  cents <= 0 ? 0 : roundUpTo((cents * rates.khrPerUsd) / 100, rates.rielStep);

/** Cents handed back in riel at the change rate, rounded down to the step. */
export const centsToKhrChange = (cents: number, rates: Pick<SaleRates, 'khrChangePerUsd' | 'rielStep'>): number =>
  cents <= 0 ? 0 : Math.floor((cents * rates.khrChangePerUsd) / 100 / rates.rielStep) * rates.rielStep;

/** What one payment is worth toward the sale, in cents. */
export const creditedCents = (line: Pick<TenderLine, 'currency' | 'amount'>, rates: Pick<SaleRates, 'khrPerUsd'>): number =>
  line.currency === 'KHR' ? khrToCents(line.amount, rates.khrPerUsd) : line.amount;

export function settleTender(lines: readonly TenderLine[], totalCents: number, rates: SaleRates, changeIn: ChangeIn = 'mixed'): TenderOutcome {
  const credited = lines.map((line) => creditedCents(line, rates));
  const paidCents = sumCents(credited);
  const nonCashCents = sumCents(credited.filter((_, index) => lines[index]!.methodKey !== CASH_METHOD));
  const dueCents = Math.max(0, totalCents - paidCents);
  const changeCents = Math.max(0, paidCents - totalCents);
  const tookDollarsInCash = lines.some((line) => line.methodKey === CASH_METHOD && line.currency === 'USD' && line.amount > 0);
  const usdCents = changeIn === 'mixed' && tookDollarsInCash ? Math.floor(changeCents / 100) * 100 : 0;
  return {
    creditedCents: credited,
    paidCents,
    nonCashCents,
    dueCents,
    dueKhr: centsToKhrDue(dueCents, rates),
    changeCents,
    change: { usdCents, khr: centsToKhrChange(changeCents - usdCents, rates) },
    changeAllKhr: centsToKhrChange(changeCents, rates),
    nonCashOver: nonCashCents > totalCents,
    covered: dueCents === 0,
  };
}

/** The notes a drawer is counted in, per currency. */
export const DENOMINATIONS = {
  USD: [1, 5, 10, 20, 50, 100],
  KHR: [100, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000],
} as const;

/**
 * The payments of a sale as one line of text: "Cash $10.00 + ៛2,000 + Card $3.50" when it mixes
 * methods or currencies; the method alone when dollars of one method paid it ("Cash", "KHQR"),
 * with the riel when riel did ("Cash ៛50,000"). Formatting is the caller's.
 */
export function describePayments(
  payments: readonly { method: string; currency: PaymentCurrency; amount: number; value: number }[],
  format: { usd: (dollars: number) => string; khr: (riel: number) => string; method?: (label: string) => string },
): string {
  const name = format.method ?? ((label: string) => label);
  if (payments.length === 0) return '';
  // One method in one currency (cash with change, a card, a KHQR): its name says it all, and the riel when riel paid.
  const first = payments[0]!;
  if (payments.every((payment) => payment.method === first.method && payment.currency === first.currency)) {
    return first.currency === 'USD' ? name(first.method) : `${name(first.method)} ${format.khr(payments.reduce((sum, payment) => sum + payment.amount, 0))}`;
  }
  const parts: string[] = [];
  let previous: string | null = null;
  for (const payment of payments) {
    const amount = payment.currency === 'KHR' ? format.khr(payment.amount) : format.usd(payment.amount);
    parts.push(payment.method === previous ? amount : `${name(payment.method)} ${amount}`);
    previous = payment.method;
  }
  return parts.join(' + ');
}
