/*
 * How a sale is priced, in integer cents. The till shows these figures and the server records
 * them, so both call this one function and can never disagree by a rounding.
 */

export interface PricedLineInput {
  quantity: number;
  unitPriceCents: number;
  /** Promotion discount in hundredths of a percent (12.5 % = 1250); 0 when none. */
  discountBp: number;
}

export interface PricingOptions {
  taxEnabled: boolean;
  /** Prices already include tax: it is taken out of them rather than added. */
  taxInclusive: boolean;
  taxRateBp: number;
  serviceBp: number;
}

export interface PricedLine {
  grossCents: number;
  discountCents: number;
  lineTotalCents: number;
}

export interface SalePricing {
  lines: PricedLine[];
  grossCents: number;
  discountCents: number;
  /** Gross less discounts: what the goods sell for. */
  subtotalCents: number;
  taxCents: number;
  serviceCents: number;
  totalCents: number;
}

/** Half away from zero, on whole cents (amounts here are never negative). */
const percentOf = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

export function priceSale(lines: readonly PricedLineInput[], options: PricingOptions): SalePricing {
  const priced = lines.map((line) => {
    const grossCents = line.unitPriceCents * line.quantity;
    // The discount is per unit, so two separate lines of one product price the same as one line of two.
    const discountCents = percentOf(line.unitPriceCents, line.discountBp) * line.quantity;
    return { grossCents, discountCents, lineTotalCents: grossCents - discountCents };
  });
  const grossCents = priced.reduce((sum, line) => sum + line.grossCents, 0);
  const discountCents = priced.reduce((sum, line) => sum + line.discountCents, 0);
  const subtotalCents = grossCents - discountCents;
  let taxCents = 0;
  if (options.taxEnabled && options.taxRateBp > 0) {
    taxCents = options.taxInclusive
      ? subtotalCents - Math.round((subtotalCents * 10_000) / (10_000 + options.taxRateBp))
      : percentOf(subtotalCents, options.taxRateBp);
  }
  const serviceCents = percentOf(subtotalCents, options.serviceBp);
  const totalCents = subtotalCents + (options.taxInclusive ? 0 : taxCents) + serviceCents;
  return { lines: priced, grossCents, discountCents, subtotalCents, taxCents, serviceCents, totalCents };
}

/** Cash handed over in riel, in US cents at the shop's rate (rounded down: never over-credit). */
export const rielToCents = (riel: number, khrPerUsd: number) => Math.floor((riel * 100) / khrPerUsd);

/** Change in riel for change owed in cents, rounded down to 100 riel, the smallest note in use. */
export const centsToRielChange = (cents: number, khrPerUsd: number) => Math.floor((cents * khrPerUsd) / 100 / 100) * 100;

/** The best promotion of a product: the largest discount among those active and not expired on `today`. */
export function bestPromotion<P extends { discountBp: number; active: boolean; validUntil: string | null }>(promotions: readonly P[], today: string): P | null {
  let best: P | null = null;
  for (const promotion of promotions) {
    if (!promotion.active || (promotion.validUntil !== null && promotion.validUntil < today)) continue;
    if (!best || promotion.discountBp > best.discountBp) best = promotion;
  }
  return best;
}
