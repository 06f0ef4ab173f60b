import { z } from 'zod';
import {
  calendarDateSchema,
  fromNotAfterTo,
  listMetaSchema,
  listQuerySchema,
  optionalChoiceFilter,
  optionalDateFilterSchema,
  optionalIdFilterSchema,
  optionalText,
  referenceId,
  requiredText,
} from './common';
import { money, quantity } from './money';

const optionalDate = z.preprocess((value) => (value === '' ? null : value), calendarDateSchema.nullish()).transform((v) => v ?? null);

export const PAYMENT_METHODS = ['Cash', 'Card', 'Bank'] as const;
export const SUPPLY_STATUSES = ['Pending', 'Received', 'Cancelled'] as const;

/** One line of the Create Supply form; its checks come in the order docs/screens.md ("Purchasing") gives. */
export const supplyLineInputSchema = z.object({
  product_id: referenceId('Each line must have a product.'),
  supply_quantity: quantity('Quantity', { invalid: 'Quantity must be > 0.' }).min(1, 'Quantity must be > 0.'),
  unit_price: money('Unit price', { invalid: 'Unit price must be ≥ 0.' }),
  expire_date: optionalDate,
  /** When this line arrived, if not on the invoice date. */
  received_date: optionalDate,
  notes: optionalText(500, 'Notes'),
});

export const supplyInputSchema = z.object({
  supplier_id: referenceId('Please choose a supplier.'),
  invoice_id: requiredText(100, 'Invoice ID', 'Invoice ID is required.'),
  invoice_date: z.string({ error: 'Invoice date is required.' }).min(1, 'Invoice date is required.').pipe(calendarDateSchema),
  items: z.array(supplyLineInputSchema, { error: 'Please add at least one item.' }).min(1, 'Please add at least one item.').max(500, 'A supply can have at most 500 lines.'),
  reference: optionalText(100, 'Reference'),
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Payment must be Cash, Card or Bank.' }).nullish().transform((v) => v ?? null),
  tax: money('Tax').optional(),
  freight: money('Freight').optional(),
  notes: optionalText(2000, 'Notes'),
});
export type SupplyInput = z.input<typeof supplyInputSchema>;

export const supplyLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string() }),
  supply_quantity: z.number(),
  unit_price: z.number(),
  line_total: z.number(),
  expire_date: z.string().nullable(),
  received_date: z.string(),
  notes: z.string().nullable(),
  remaining: z.number(),
});

export const supplySchema = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  supplier: z.object({ id: z.number().int(), name: z.string() }),
  supplier_name: z.string(),
  invoice_id: z.string(),
  invoice_date: z.string(),
  date: z.string(),
  reference: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  status: z.enum(SUPPLY_STATUSES),
  notes: z.string().nullable(),
  subtotal: z.number(),
  tax: z.number(),
  freight: z.number(),
  total: z.number(),
  items_count: z.number().int(),
  total_qty: z.number(),
  created_at: z.string(),
  items: z.array(supplyLineSchema).optional(),
});
export type Supply = z.infer<typeof supplySchema>;

/** The supplies list and the purchase report (whose date, payment and status filters the server applies). */
export const supplyListQuerySchema = listQuerySchema
  .extend({
    supplier_id: optionalIdFilterSchema,
    from: optionalDateFilterSchema,
    to: optionalDateFilterSchema,
    payment: optionalChoiceFilter(PAYMENT_METHODS, 'Payment'),
    status: optionalChoiceFilter(SUPPLY_STATUSES, 'Status'),
  })
  .refine(...fromNotAfterTo);
export type SupplyListQuery = z.infer<typeof supplyListQuerySchema>;

/** Totals of the whole filtered set, for the purchase report's cards and footer. */
export const supplyTotalsSchema = z.object({
  orders: z.number().int(),
  items: z.number().int(),
  qty: z.number(),
  subtotal: z.number(),
  tax: z.number(),
  freight: z.number(),
  total: z.number(),
});

export const supplyListResponseSchema = z.object({
  data: z.array(supplySchema),
  meta: listMetaSchema.extend({ totals: supplyTotalsSchema }),
});

export const SUPPLY_MESSAGES = {
  invoiceTaken: 'This supplier already has a supply with this invoice ID.',
  notFound: 'Supply not found.',
  supplierMissing: 'The selected supplier does not exist.',
} as const;

/** A supply line edited on its own (Supply Items screen). */
export const supplyItemInputSchema = z.object({
  supply_id: referenceId('Supply ID and Product ID are required'),
  product_id: referenceId('Supply ID and Product ID are required'),
  supply_quantity: supplyLineInputSchema.shape.supply_quantity,
  unit_price: supplyLineInputSchema.shape.unit_price,
  expire_date: optionalDate,
});
export type SupplyItemInput = z.input<typeof supplyItemInputSchema>;

export const supplyItemSchema = supplyLineSchema.extend({
  supply_id: z.number().int(),
  supply: z.object({ id: z.number().int(), invoice_id: z.string(), supplier: z.object({ id: z.number().int(), name: z.string() }) }),
});
export type SupplyItem = z.infer<typeof supplyItemSchema>;

export const supplyItemListQuerySchema = listQuerySchema.extend({
  supply_id: optionalIdFilterSchema,
  product_id: optionalIdFilterSchema,
});
