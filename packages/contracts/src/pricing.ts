import { discountedUnitCents, includedTaxCents, lineTotalCents, percentOfCents, sumCents } from './money';

/*
 * How a sale is priced, in integer cents. The till shows these figures and the server records
 * them, so both call this one function and can never disagree by a rounding. The rounding rules
 * themselves are the money module's.
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

export function priceSale(lines: readonly PricedLineInput[], options: PricingOptions): SalePricing {
  const priced = lines.map((line) => {
    const grossCents = lineTotalCents(line.quantity, line.unitPriceCents);
    const lineTotal = lineTotalCents(line.quantity, discountedUnitCents(line.unitPriceCents, line.discountBp));
    return { grossCents, discountCents: grossCents - lineTotal, lineTotalCents: lineTotal };
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
  return { lines: priced, grossCents, discountCents, subtotalCents, taxCents, serviceCents, totalCents };
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
