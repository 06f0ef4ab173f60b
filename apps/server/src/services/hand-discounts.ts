import { DISCOUNT_MESSAGES, type DiscountType } from '@shop/contracts/pricing';
import type { AppliedDiscount } from '@shop/contracts/discount';
import { fromBasisPoints, fromCents, toBasisPoints, toCents } from '@shop/contracts/money';
import { discountShareBp, type SalePricing } from '@shop/contracts/pricing';
import type { Settings } from '@shop/contracts/settings';
import { forbidden, refuseFields } from '../lib/errors';
import { authorizeApproval } from './approvals';
import { actorCan, type Actor, type ServiceContext } from './context';

/*
 * Discounts a cashier gives by hand, on a line or on the whole order
 * (docs/decisions/0013-modifiers-and-discounts.md): checked against what they come off, and
 * against who may give them.
 */

/** A hand discount as the request sends it. */
export interface GivenDiscount {
  type: DiscountType;
  value: number;
  reason: string;
}

/**
 * Checkout step: an amount beyond its line (after its promotion) or beyond the order (after the
 * lines' own discounts) is refused (422), not cut.
 */
export function refuseDiscountsBeyond(pricing: SalePricing): void {
  const errors: Record<string, string[]> = {};
  for (const [index, line] of pricing.lines.entries()) {
    if (line.handAskedCents > line.grossCents - line.promotionCents) errors[`items.${index}.discount`] = [DISCOUNT_MESSAGES.moreThanLine];
  }
  if (pricing.orderAskedCents > pricing.orderDiscountCents) errors.discount = [DISCOUNT_MESSAGES.moreThanOrder];
  refuseFields(errors);
}

/**
 * Checkout step: any hand discount needs `sales:discount`; one taking more of its base than
 * Settings → Discounts' limit needs `sales:discount-beyond-limit`, or a Manager's approval for
 * it (`discount_approval_token`). Returns who approved (null when no one had to).
 */
export async function approveDiscounts(
  tx: ServiceContext,
  given: { lines: readonly (GivenDiscount | null)[]; order: GivenDiscount | null; token: string | null },
  pricing: SalePricing,
  settings: Settings,
  actor: Actor,
): Promise<number | null> {
  if (!given.order && given.lines.every((discount) => discount === null)) return null;
  if (!actorCan(actor, 'sales:discount')) throw forbidden(DISCOUNT_MESSAGES.notAllowed);
  const limitBp = toBasisPoints(settings.discounts.maxPercent);
  const lineShares = pricing.lines.map((line) => discountShareBp(line.handCents, line.grossCents - line.promotionCents));
  const linesNetCents = pricing.lines.reduce((sum, line) => sum + line.grossCents - line.promotionCents - line.handCents, 0);
  const orderShare = discountShareBp(pricing.orderDiscountCents, linesNetCents);
  if (Math.max(orderShare, ...lineShares) <= limitBp) return null;
  return authorizeApproval(tx, 'sales:discount-beyond-limit', given.token, actor, DISCOUNT_MESSAGES.needsApproval);
}

/** How a hand discount's value is kept: percent in basis points, an amount in cents. */
export const storedDiscountValue = (discount: GivenDiscount): number => (discount.type === 'percent' ? toBasisPoints(discount.value) : toCents(discount.value));

/** A kept hand discount as the answer shows it, or null when none was given. */
export function appliedDiscount(type: DiscountType | null, value: number | null, reason: string | null, cents: number): AppliedDiscount | null {
  if (type === null || value === null) return null;
  return { type, value: type === 'percent' ? fromBasisPoints(value) : fromCents(value), reason: reason ?? '', amount: fromCents(cents) };
}
