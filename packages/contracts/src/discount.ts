import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_AMOUNT } from './money';
import { requiredText } from './common';
import { DISCOUNT_TYPES } from './pricing';

/*
 * A discount a cashier gives by hand, on one line or on the whole order: percent or an amount
 * in dollars, always with a reason. Up to Settings → Discounts' limit it needs `sales:discount`;
 * beyond it `sales:discount-beyond-limit`, which a Manager can lend with their till PIN
 * (docs/decisions/0013-modifiers-and-discounts.md). Promotions are apart: they come from the catalogue.
 */

export const discountInputSchema = z
  .object({
    type: z.enum(DISCOUNT_TYPES, { error: 'A discount is a percent or an amount.' }),
    value: z
      .number({ error: 'Enter the discount.' })
      .positive('A discount must be more than 0.')
      .max(MAX_AMOUNT, 'The discount is too large.')
      .refine(hasAtMostTwoDecimals, 'A discount can have at most 2 decimals.'),
    reason: requiredText(200, 'Reason', 'Give a reason for the discount.'),
  })
  .refine((discount) => discount.type !== 'percent' || discount.value <= 100, { message: 'A percent discount is at most 100.', path: ['value'] });
export type DiscountInput = z.input<typeof discountInputSchema>;

/** A discount as a sale keeps it: what was asked, why, and what it took off in dollars. */
export const appliedDiscountSchema = z.object({
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  reason: z.string(),
  amount: z.number(),
});
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;
