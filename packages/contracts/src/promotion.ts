import { z } from 'zod';
import { percent } from './money';
import { booleanFilterSchema, calendarDateSchema, listQuerySchema, optionalIdFilterSchema, referenceId, requiredText } from './common';

export const promotionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  product_id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }),
  /** Percent off, 0–100. */
  discount: z.number(),
  valid_until: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const DEFAULT_PROMOTION_DISCOUNT = 10;

export const promotionInputSchema = z.object({
  title: requiredText(200, 'Title', 'Title is required.'),
  product_id: referenceId('Please select a product.'),
  discount: percent('Discount', { invalid: 'Discount must be between 0 and 100.' }),
  valid_until: z.preprocess((value) => (value === '' ? null : value), calendarDateSchema.nullish()).transform((v) => v ?? null),
  active: z.boolean({ error: 'Active must be true or false.' }).default(true),
});
export type PromotionInput = z.input<typeof promotionInputSchema>;

export const promotionListQuerySchema = listQuerySchema.extend({
  active: booleanFilterSchema.optional(),
  product_id: optionalIdFilterSchema,
});
export type PromotionListQuery = z.infer<typeof promotionListQuerySchema>;
