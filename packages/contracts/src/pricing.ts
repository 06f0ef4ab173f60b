import { discountedUnitCents, includedTaxCents, lineTotalCents, percentOfCents, splitCents, sumCents, toBasisPoints, toCents } from './money';

/*
 * How a sale is priced, in integer cents. The till shows these figures and the server records
 * them, so both call this one function and can never disagree by a rounding. The rounding rules
 * themselves are the money module's.
 */

/**
 * A discount given by hand is a percent or an amount; its kinds and messages live here,
 * beside the pricing, so the till has them without loading the request schemas.
 */
export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

export const DISCOUNT_MESSAGES = {
  notAllowed: 'You may not give discounts.',
  needsApproval: 'This discount is more than you may give alone. A Manager must approve it.',
  moreThanLine: 'The discount is more than the line comes to.',
  moreThanOrder: 'The discount is more than the order comes to.',
} as const;

/** A discount given by hand, in the units the request sends it (percent or dollars). */
export interface HandDiscount {
  type: DiscountType;
  value: number;
}

export interface PricedLineInput {
  quantity: number;
  /** The unit price with its chosen options' prices added. */
  unitPriceCents: number;
  /** Promotion discount in hundredths of a percent (12.5 % = 1250); 0 when none. */
  discountBp: number;
  /** The cashier's discount on this line, taken after the promotion. */
  handDiscount?: HandDiscount | null;
}

export interface PricingOptions {
  taxEnabled: boolean;
  /** Prices already include tax: it is taken out of them rather than added. */
  taxInclusive: boolean;
  taxRateBp: number;
  serviceBp: number;
  /** The cashier's discount on the whole order, after the lines' own; shared out over the lines. */
  orderDiscount?: HandDiscount | null;
}

export interface PricedLine {
  grossCents: number;
  /** Everything taken off the line: promotion, the line's own discount and its share of the order's. */
  discountCents: number;
  lineTotalCents: number;
  promotionCents: number;
  /** The line's own discount, at most what the line came to after its promotion. */
  handCents: number;
  /** The line's share of the order's discount. */
  orderShareCents: number;
  /** What the line's own discount asked for (an amount beyond the line is cut to it). */
  handAskedCents: number;
}

export interface SalePricing {
  lines: PricedLine[];
  grossCents: number;
  discountCents: number;
  /** The order's discount, at most what the lines came to; `orderAskedCents` what it asked for. */
  orderDiscountCents: number;
  orderAskedCents: number;
  /** Gross less discounts: what the goods sell for. */
  subtotalCents: number;
  taxCents: number;
  serviceCents: number;
  totalCents: number;
}

/** What a hand discount takes off an amount: a percent of it, or dollars (not capped here). */
export function handDiscountCents(discount: HandDiscount | null | undefined, baseCents: number): number {
  if (!discount) return 0;
  return discount.type === 'percent' ? percentOfCents(baseCents, toBasisPoints(discount.value)) : toCents(discount.value);
}

/** The share of its base a discount takes, in basis points (for the limit a cashier may give alone). */
export const discountShareBp = (discountCents: number, baseCents: number): number => (baseCents <= 0 ? (discountCents > 0 ? 10_000 : 0) : Math.round((discountCents * 10_000) / baseCents));

export function priceSale(lines: readonly PricedLineInput[], options: PricingOptions): SalePricing {
  const afterLines = lines.map((line) => {
    const grossCents = lineTotalCents(line.quantity, line.unitPriceCents);
    const promotedCents = lineTotalCents(line.quantity, discountedUnitCents(line.unitPriceCents, line.discountBp));
    const handAskedCents = handDiscountCents(line.handDiscount, promotedCents);
    const handCents = Math.min(handAskedCents, promotedCents);
    return { grossCents, promotionCents: grossCents - promotedCents, handCents, handAskedCents, netCents: promotedCents - handCents };
  });
  const linesNetCents = sumCents(afterLines.map((line) => line.netCents));
  const orderAskedCents = handDiscountCents(options.orderDiscount, linesNetCents);
  const orderDiscountCents = Math.min(orderAskedCents, linesNetCents);
  const shares = splitCents(orderDiscountCents, afterLines.map((line) => line.netCents));
  const priced: PricedLine[] = afterLines.map((line, index) => {
    const orderShareCents = shares[index] ?? 0;
    const lineTotal = line.netCents - orderShareCents;
    return {
      grossCents: line.grossCents,
      discountCents: line.grossCents - lineTotal,
      lineTotalCents: lineTotal,
      promotionCents: line.promotionCents,
      handCents: line.handCents,
      orderShareCents,
      handAskedCents: line.handAskedCents,
    };
  });
  const grossCents = sumCents(priced.map((line) => line.grossCents));
  const discountCents = sumCents(priced.map((line) => line.discountCents));
  const subtotalCents = grossCents - discountCents;
  let taxCents = 0;
  if (options.taxEnabled && options.taxRateBp > 0) {
    taxCents = options.taxInclusive ? includedTaxCents(subtotalCents, options.taxRateBp) : percentOfCents(subtotalCents, options.taxRateBp);
  }
  const serviceCents = percentOfCents(subtotalCents, options.serviceBp);
  const totalCents = subtotalCents + (options.taxInclusive ? 0 : taxCents) + serviceCents;
  return { lines: priced, grossCents, discountCents, orderDiscountCents, orderAskedCents, subtotalCents, taxCents, serviceCents, totalCents };
}

/** The best promotion of a product: the largest discount among those active and not expired on `today`. */
export function bestPromotion<P extends { discountBp: number; active: boolean; validUntil: string | null }>(promotions: readonly P[], today: string): P | null {
  let best: P | null = null;
  for (const promotion of promotions) {
    if (!promotion.active || (promotion.validUntil !== null && promotion.validUntil < today)) continue;
    if (!best || promotion.discountBp > best.discountBp) best = promotion;
  }
  return best;
}

/** The service percent a till starts each sale with: the shop's, when it is applied on its own; else none. */
export const tillServicePercent = (service: { enabled: boolean; autoApply: boolean; percent: number }): number =>
  service.enabled && service.autoApply ? service.percent : 0;
