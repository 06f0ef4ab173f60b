import { z } from 'zod';
import { modifierGroupSchema } from './modifier';

/**
 * Everything the till needs to sell, in one compact answer: every active product with its
 * price, stock and best promotion of the day. The till searches it locally, so typing and
 * scanning never wait on the network, even with 10,000 products.
 */
export const posProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: z.number(),
  category_id: z.number().int(),
  image: z.string().nullable(),
  track_stock: z.boolean(),
  /** Sellable on hand (units past their date left out); meaningful when track_stock. */
  stock: z.number().int(),
  /** Units on hand past their date: shown apart, never sold until written off. */
  expired: z.number().int(),
  /** Best active promotion today, percent off (0 when none). */
  discount_percent: z.number(),
  promotion: z.string().nullable(),
  /** Its modifier groups (its category's, then its own), in the order the chooser asks them. */
  modifier_group_ids: z.array(z.number().int()),
});
export type PosProduct = z.infer<typeof posProductSchema>;

export const posCatalogSchema = z.object({
  products: z.array(posProductSchema),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Every modifier group some product on sale uses. */
  modifier_groups: z.array(modifierGroupSchema.omit({ product_ids: true, category_ids: true, created_at: true, updated_at: true })),
  /** The shop's business day the promotions were chosen for. */
  today: z.string(),
});
export type PosCatalog = z.infer<typeof posCatalogSchema>;
