import { z } from 'zod';
import { listMetaSchema, listQuerySchema, optionalChoiceFilter } from './common';
import { percent } from './money';

/*
 * A sale rung up while the till could not reach the server (docs/decisions/0016-offline-selling.md).
 * The customer has left with the goods, so the server records it as the till made it: at the
 * till's prices, promotions, tax and riel rate, even when stock ran short since. What differs
 * from the server's own figures is listed for a Manager to review. The till's `client_id` is
 * unique among sales: a second copy is impossible however late or often it arrives.
 */

/** How old an offline sale may be when it reaches the server (the till's outbox window). */
export const OFFLINE_MAX_AGE_DAYS = 7;

/** An option's price as the till priced it, in dollars. */
export const tillOptionPriceSchema = z.object({
  option_id: z.number({ error: 'Option id must be a number.' }).int('Option id must be a whole number.').positive('Option id must be a whole number.'),
  price: z.number({ error: 'Option price must be a number.' }).min(0, 'Option price cannot be negative.').max(100_000, 'Option price is too large.'),
});

/**
 * `offline` on POST /sales: what only a sale made offline carries. With it, each line may carry
 * the till's `promotion_percent` and `option_prices` (without, the catalogue's are used).
 */
export const offlineSaleSchema = z.object({
  /** Made by the till when the sale was made (a UUID or ULID); also the request's Idempotency-Key. */
  client_id: z
    .string({ error: 'The offline sale id must be text.' })
    .trim()
    .regex(/^[A-Za-z0-9-]{16,64}$/, 'The offline sale id is 16 to 64 letters, digits or dashes.'),
  /** The number printed on the till's receipt before the server gave the sale its SO number ("T1-0007"). */
  number: z.string({ error: 'The offline receipt number must be text.' }).trim().min(1, 'The offline receipt number is required.').max(40, 'The offline receipt number must be at most 40 characters.'),
  /** The shop's tax as the till had it. */
  tax_rate: percent('Tax rate'),
  tax_inclusive: z.boolean({ error: 'Tax inclusive must be true or false.' }),
  /** The riel rates the till took and gave change at. */
  khr_per_usd: z.number({ error: 'The riel rate must be a number.' }).int('The riel rate is a whole number.').min(1, 'The riel rate must be at least 1.').max(1_000_000, 'The riel rate is too large.'),
  khr_change_per_usd: z.number({ error: 'The riel change rate must be a number.' }).int('The riel change rate is a whole number.').min(1, 'The riel change rate must be at least 1.').max(1_000_000, 'The riel change rate is too large.'),
  riel_step: z.number({ error: 'The riel step must be a number.' }).int('The riel step is a whole number.').min(1, 'The riel step must be at least 1.').max(100_000, 'The riel step is too large.'),
  /**
   * The shop's own service charge and tax switch as the till had them (what a sale starts with):
   * a sale that kept them needs no approval, whatever the shop has changed since. Absent from
   * sales a till kept before it sent them; those are compared with the shop's settings now.
   */
  shop_service_percent: percent('The till’s service charge').nullish().transform((v) => v ?? null),
  shop_tax_enabled: z.boolean({ error: 'The till’s tax setting must be true or false.' }).nullish().transform((v) => v ?? null),
});
export type OfflineSaleInput = z.input<typeof offlineSaleSchema>;

/** What a Manager reviews about an offline sale: stock that ran short, a price that differed, a shift that had closed. */
export const OFFLINE_FLAG_KINDS = ['short_stock', 'price', 'no_shift'] as const;
export type OfflineFlagKind = (typeof OFFLINE_FLAG_KINDS)[number];

export const offlineFlagSchema = z.object({
  id: z.number().int(),
  kind: z.enum(OFFLINE_FLAG_KINDS),
  sale_id: z.number().int(),
  /** The sale's SO number and the till's own number for it. */
  sale_code: z.string(),
  offline_number: z.string(),
  sale_date: z.string(),
  till: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  cashier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }).nullable(),
  /** short_stock: units sold, and on hand after the sale (negative when it ran short). */
  quantity: z.number().int().nullable(),
  on_hand_after: z.number().int().nullable(),
  /** price: the unit price after promotion, as the till charged it and as the catalogue had it when the sale arrived. */
  till_price: z.number().nullable(),
  catalogue_price: z.number().nullable(),
  /** What the difference came to over the line's quantity (till − catalogue, dollars). */
  difference: z.number().nullable(),
  created_at: z.string(),
});
export type OfflineFlag = z.infer<typeof offlineFlagSchema>;

export const offlineFlagListQuerySchema = listQuerySchema.extend({
  kind: optionalChoiceFilter(OFFLINE_FLAG_KINDS, 'Kind'),
});
export type OfflineFlagListQuery = z.infer<typeof offlineFlagListQuerySchema>;

export const offlineFlagListResponseSchema = z.object({ data: z.array(offlineFlagSchema), meta: listMetaSchema });

export const OFFLINE_MESSAGES = {
  tooOld: `An offline sale older than ${OFFLINE_MAX_AGE_DAYS} days cannot be recorded.`,
  needsOfflineId: 'An offline sale needs its offline id as the Idempotency-Key.',
  notification: (count: number, product: string, onHand: number) => `Sold offline: ${count} × ${product}, on hand now ${onHand}.`,
  /** The till's figures give another total: it computed something else, so the request is malformed. */
  totalMismatch: 'The total is not what these lines come to at the till’s prices and tax.',
  /** An option price for an option the line does not have. */
  optionPriceStray: 'Option prices may name only the options chosen on this line.',
} as const;
