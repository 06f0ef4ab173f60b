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

/**
 * The catalogue is versioned (docs/decisions/0016-offline-selling.md, "A big catalogue"). A till
 * loads it whole once, keeps it, then asks `GET /pos/catalog?since=VERSION&today=DAY` for what
 * changed since the version it holds:
 * - `full: false`: `products` are the rows that changed (new or edited, in name order), `removed`
 *   the ids that left the till (deactivated); categories and modifier groups come whole.
 * - `full: true`: the whole catalogue, to replace what the till holds. Answered without `since`,
 *   and when the till's version is from another day (promotions and expiry go by day), unknown,
 *   or too far behind.
 * - Every answer carries `ETag: "DAY.VERSION"` (and `Cache-Control: no-store`); a request whose
 *   `If-None-Match` names the catalogue as it is now is answered `304 Not Modified`, no body.
 * Answers are compressed (brotli or gzip) when the request accepts it.
 */
export const posCatalogQuerySchema = z.object({
  since: z.coerce.number().int().min(0).optional(),
  /** The `today` of the catalogue the till holds. */
  today: z.string().max(10).optional(),
});
export type PosCatalogQuery = z.infer<typeof posCatalogQuerySchema>;

export const posCatalogSchema = z.object({
  /** The catalogue version this answer brings the till to. */
  version: z.number().int(),
  /** Whole (replace what the till holds) or what changed since the version asked about. */
  full: z.boolean(),
  products: z.array(posProductSchema),
  /** Products that left the till since the version asked about (always empty when full). */
  removed: z.array(z.number().int()),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Every modifier group some product on sale uses. */
  modifier_groups: z.array(modifierGroupSchema.omit({ product_ids: true, category_ids: true, created_at: true, updated_at: true })),
  /** The shop's business day the promotions were chosen for. */
  today: z.string(),
});
export type PosCatalog = z.infer<typeof posCatalogSchema>;
