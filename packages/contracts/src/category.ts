import { z } from 'zod';
import { listQuerySchema, optionalText, requiredText } from './common';
import { modifierGroupIdsSchema } from './modifier';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  products_count: z.number().int(),
  /** Modifier groups every product of the category takes, in order. */
  modifier_group_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryInputSchema = z.object({
  name: requiredText(100, 'Name'),
  description: optionalText(1000, 'Description'),
  /** When sent, replaces the category's modifier groups. */
  modifier_group_ids: modifierGroupIdsSchema.optional(),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** Newest first for the list screen; `sort=name` for pickers. */
export const categoryListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['newest', 'name'], { error: 'sort can be newest or name.' }).default('newest'),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;
