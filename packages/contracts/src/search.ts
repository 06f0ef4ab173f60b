import { z } from 'zod';
import { SALE_STATUSES } from './sale';

export const SEARCH_MAX_LENGTH = 100;
/** Each group answers at most this many: the header lists the newest matches, not all of them. */
export const SEARCH_GROUP_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(SEARCH_MAX_LENGTH, `Search text must be at most ${SEARCH_MAX_LENGTH} characters.`),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const productHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  price: z.number(),
  active: z.boolean(),
  image: z.string().nullable(),
});
export type ProductHit = z.infer<typeof productHitSchema>;

export const orderHitSchema = z.object({
  id: z.number().int(),
  /** The sale's code, e.g. SO-000123. */
  number: z.string(),
  customer_name: z.string().nullable(),
  total: z.number(),
  sale_date: z.string(),
  business_date: z.string(),
  status: z.enum(SALE_STATUSES),
});
export type OrderHit = z.infer<typeof orderHitSchema>;

export const customerHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type CustomerHit = z.infer<typeof customerHitSchema>;

export const searchResultsSchema = z.object({
  products: z.array(productHitSchema),
  orders: z.array(orderHitSchema),
  customers: z.array(customerHitSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const searchResponseSchema = z.object({ data: searchResultsSchema });
