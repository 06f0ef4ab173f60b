import { z } from 'zod';
import { money, quantity } from './money';
import { modifierGroupIdsSchema } from './modifier';
import {
  alias,
  booleanFilterSchema,
  listQuerySchema,
  optionalHttpUrl,
  optionalIdFilterSchema,
  optionalText,
  referenceId,
  requiredText,
} from './common';

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  category_id: z.number().int(),
  unit_id: z.number().int(),
  /** Dollars with 2 decimals (stored as cents). */
  price: z.number(),
  active: z.boolean(),
  track_stock: z.boolean(),
  reorder_level: z.number().int(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  unit: z.object({ id: z.number().int(), name: z.string(), symbol: z.string() }),
  /** Its own modifier groups (its category's apply too), in order. */
  modifier_group_ids: z.array(z.number().int()),
  /** On-hand quantity; present when the list is asked for `include=stock`. */
  stock: z.number().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productInputSchema = z.object({
  name: requiredText(200, 'Name'),
  sku: requiredText(64, 'SKU'),
  barcode: optionalText(64, 'Barcode'),
  category_id: referenceId('Please select a category.'),
  unit_id: referenceId('Please select a unit.'),
  price: money('Price'),
  active: z.boolean({ error: 'Active must be true or false.' }).default(true),
  track_stock: z.boolean({ error: 'Track stock must be true or false.' }).default(true),
  reorder_level: quantity('Reorder level').min(0, 'Reorder level must be 0 or more.').default(0),
  image: optionalHttpUrl('Image'),
  description: optionalText(2000, 'Description'),
  /** When sent, replaces its own modifier groups. */
  modifier_group_ids: modifierGroupIdsSchema.optional(),
});
export type ProductInput = z.input<typeof productInputSchema>;

export const productListQuerySchema = listQuerySchema.extend({
  category_id: optionalIdFilterSchema,
  /** The requirements let a console send `category` for the same filter. */
  category: alias(optionalIdFilterSchema, 'category_id'),
  unit_id: optionalIdFilterSchema,
  active: booleanFilterSchema.optional(),
  include: z.enum(['stock'], { error: 'include can only be stock.' }).optional(),
  /** A till may ask for stock with a flag instead of include=stock. */
  stock: alias(booleanFilterSchema.optional(), 'include=stock'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const PRODUCT_MESSAGES = {
  skuTaken: 'SKU already exists.',
  barcodeTaken: 'Barcode already exists.',
  categoryMissing: 'The selected category does not exist.',
  unitMissing: 'The selected unit does not exist.',
  notFound: 'Product not found.',
  hasHistory: 'This product has stock or sales on record, so it cannot be deleted. Deactivate it instead.',
} as const;
