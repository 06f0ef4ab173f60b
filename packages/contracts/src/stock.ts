import { z } from 'zod';
import { calendarDateSchema, listMetaSchema, listQuerySchema, optionalIdFilterSchema, optionalText, referenceId, urlInteger } from './common';
import { money, quantity } from './money';

const optionalDate = z.preprocess((value) => (value === '' ? null : value), calendarDateSchema.nullish()).transform((v) => v ?? null);

/** A stock record is a receipt: one batch of a product, with what it cost and when it expires. */
export const stockRecordSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_sku: z.string(),
  quantity: z.number(),
  /** What is left of this batch after sales and write-offs. */
  remaining: z.number(),
  /** What one unit cost; present with `costs:view`. */
  price_in: z.number().optional(),
  received_date: z.string(),
  expire_date: z.string().nullable(),
  notes: z.string().nullable(),
  source: z.enum(['supply', 'manual', 'adjustment']),
  supply_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type StockRecord = z.infer<typeof stockRecordSchema>;

export const stockRecordInputSchema = z.object({
  product_id: referenceId('Please select a product.'),
  quantity: quantity('Quantity').min(1, 'Quantity must be > 0.'),
  price_in: money('Price in'),
  received_date: optionalDate,
  expire_date: optionalDate,
  notes: optionalText(500, 'Notes'),
});
export type StockRecordInput = z.input<typeof stockRecordInputSchema>;

export const stockListQuerySchema = listQuerySchema.extend({
  product_id: optionalIdFilterSchema,
});

/** Over the whole filtered set; the costs are present with `costs:view`. */
export const stockTotalsSchema = z.object({
  quantity: z.number(),
  average_price_in: z.number().optional(),
  value: z.number().optional(),
});

export const STOCK_ADJUSTMENT_REASONS = ['count', 'waste', 'expired', 'other'] as const;

export const stockAdjustmentInputSchema = z.object({
  product_id: referenceId('Please select a product.'),
  /** Signed: +3 found in a count, −2 spilled. */
  quantity: quantity('Quantity').refine((value) => value !== 0, 'Quantity cannot be 0.'),
  reason: z.enum(STOCK_ADJUSTMENT_REASONS, { error: 'Choose a reason.' }),
  /** Write off from this batch (expired stock); otherwise the batch that expires first. */
  batch_id: z.number().int().positive().nullish().transform((v) => v ?? null),
  notes: optionalText(500, 'Notes'),
});
export type StockAdjustmentInput = z.input<typeof stockAdjustmentInputSchema>;

export const stockAdjustmentSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  quantity: z.number(),
  reason: z.enum(STOCK_ADJUSTMENT_REASONS),
  notes: z.string().nullable(),
  on_hand: z.number(),
  business_date: z.string(),
  created_at: z.string(),
});

export const expiringQuerySchema = listQuerySchema.extend({
  days: urlInteger('Days must be a whole number.').pipe(z.number().min(1, 'Days must be at least 1.').max(3650, 'Days must be at most 3650.')).default(30),
});

export const expiringBatchSchema = z.object({
  batch_id: z.number().int(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }),
  received_date: z.string(),
  expire_date: z.string(),
  days_left: z.number().int(),
  remaining: z.number(),
  /** What one unit cost and what is left is worth; present with `costs:view`. */
  unit_cost: z.number().optional(),
  value: z.number().optional(),
  expired: z.boolean(),
});
export type ExpiringBatch = z.infer<typeof expiringBatchSchema>;

export const stockListResponseSchema = z.object({
  data: z.array(stockRecordSchema),
  meta: listMetaSchema.extend({ totals: stockTotalsSchema }),
});

export const expiringListResponseSchema = z.object({
  data: z.array(expiringBatchSchema),
  /** `today` is the shop's business day the days are counted from. */
  meta: listMetaSchema.extend({ today: z.string() }),
});
