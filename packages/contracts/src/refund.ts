import { sumCents, splitCents } from './money';
import { centsToKhrDue, type SaleRates } from './tender';

/*
 * A refund's money, worked out the same way by the refund dialog (before the Manager confirms)
 * and by the server (which records it): what each line brings back, and that amount in riel
 * when it goes back in riel cash. See docs/decisions/0010-payments-in-dollars-and-riel.md.
 */

/** A sale line as a refund sees it. */
export interface RefundableLine {
  id: number;
  quantity: number;
  refunded_qty: number;
  line_total_cents: number;
  /** What earlier refunds of this line brought back, in cents. */
  refunded_cents: number;
}

/**
 * Each line's share of what the customer paid (its total plus its part of tax and service, split
 * so the shares add up to the sale's total exactly); part of a line gets its part of the share,
 * and the line's last units take whatever of it is left, so a line refunded in parts adds up
 * exactly too. `wanted` is units to refund by line id.
 */
export function refundLineAmounts(totalCents: number, lines: readonly RefundableLine[], wanted: ReadonlyMap<number, number>): { id: number; quantity: number; amount: number }[] {
  const shares = splitCents(
    totalCents,
    lines.map((line) => line.line_total_cents),
  );
  return lines.flatMap((line, index) => {
    const quantity = wanted.get(line.id);
    if (quantity === undefined || quantity <= 0) return [];
    const share = shares[index]!;
    const last = line.refunded_qty + quantity === line.quantity;
    const amount = last ? share - line.refunded_cents : Math.round((share * quantity) / line.quantity);
    return [{ id: line.id, quantity, amount }];
  });
}

/** The whole refund, in cents. */
export const refundTotalCents = (totalCents: number, lines: readonly RefundableLine[], wanted: ReadonlyMap<number, number>): number =>
  sumCents(refundLineAmounts(totalCents, lines, wanted).map((line) => line.amount));

/**
 * A refund handed back in riel cash, at the SALE's rate (not today's) and rounded UP to the
 * sale's riel step. Up, as an amount asked for in riel is: money going back is the customer's
 * own, so they never get less than the dollars refunded (the shop gives at most one step more),
 * and a whole sale paid in riel comes back as exactly the riel the till asked for.
 */
export const refundKhr = (cents: number, rates: Pick<SaleRates, 'khrPerUsd' | 'rielStep'>): number => centsToKhrDue(cents, rates);

export const REFUND_MESSAGES = {
  stillOwed: 'This sale still has a balance owing. Settle it before refunding.',
  rielOnlyCash: 'Only cash can be refunded in riel.',
} as const;
