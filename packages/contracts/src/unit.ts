import { z } from 'zod';
import { listQuerySchema, optionalText, requiredText } from './common';

export const unitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  symbol: z.string(),
  description: z.string().nullable(),
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Unit = z.infer<typeof unitSchema>;

export const unitInputSchema = z.object({
  name: requiredText(100, 'Name'),
  symbol: requiredText(20, 'Symbol'),
  description: optionalText(1000, 'Description'),
});
export type UnitInput = z.input<typeof unitInputSchema>;

/** Newest first for the list screen; `sort=name` for pickers. */
export const unitListQuerySchema = listQuerySchema.extend({
  sort: z.enum(['newest', 'name'], { error: 'sort can be newest or name.' }).default('newest'),
});
export type UnitListQuery = z.infer<typeof unitListQuerySchema>;
