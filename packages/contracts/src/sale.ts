import { z } from 'zod';
import { money, percent, quantity, riel } from './money';
import { paymentListSchema, salePaymentSchema } from './payment';
import { PAYMENT_CURRENCIES } from './tender';
import { appliedDiscountSchema, discountInputSchema } from './discount';
import { lineModifiersSchema, saleModifierSchema } from './modifier';
import { offlineSaleSchema, tillOptionPriceSchema } from './offline-sale';
import { alias, DATE_RANGE, DATE_RANGE_MESSAGE, fromNotAfterTo, listMetaSchema, listQuerySchema, MAX_PER_PAGE, optionalChoiceFilter, optionalDateFilterSchema, optionalIdFilterSchema, optionalText, referenceId, urlInteger } from './common';

export const SALE_CHANNELS = ['POS', 'Online', 'Catering'] as const;
export const SALE_STATUSES = ['Paid', 'Partial', 'Refunded', 'Cancelled'] as const;

export const saleLineInputSchema = z.object({
  product_id: referenceId('Choose a product for every line.'),
  quantity: quantity('Quantity').min(1, 'Quantity must be at least 1.'),
  /** The catalogue price the till showed (before promotions, without options); checked by the server. */
  unit_price: money('Unit price'),
  /**
   * The chosen options (modifier option ids); the server adds their prices. Left out (or null),
   * every group of the product takes its defaults: the specs' lines and clients that know no
   * options still sell (docs/decisions/0013-modifiers-and-discounts.md). `[]` chooses none.
   */
  modifiers: lineModifiersSchema,
  /** For whoever makes it: "no condensed milk". */
  note: optionalText(200, 'Note'),
  /** The cashier's discount on this line, after any promotion. */
  discount: discountInputSchema.nullish().transform((v) => v ?? null),
  /** Offline sales only (ignored on others): the promotion percent the till applied (docs/decisions/0016-offline-selling.md). */
  promotion_percent: percent('Promotion').nullish().transform((v) => v ?? null),
  /** Offline sales only (ignored on others): the chosen options' prices as the till had them. */
  option_prices: z
    .array(tillOptionPriceSchema, { error: 'Option prices must be a list.' })
    .max(50, 'A line can have at most 50 option prices.')
    .nullish()
    .transform((v) => v ?? null),
});

/**
 * POST /sales (docs/decisions/0005-readings-of-the-requirements.md). The server prices the lines itself; `unit_price` and
 * `total_amount` are what the till showed, and a difference answers 409 with the server's figures.
 */
export const saleFieldsSchema = z.object({
  /** When the customer paid: an ISO instant (a plain YYYY-MM-DD means today at the time of the call). */
  sale_date: z
    .string({ error: 'Sale date is required.' })
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))),
      'Sale date must be an ISO date-time or YYYY-MM-DD.',
    )
    .refine((value) => value.slice(0, 10) >= DATE_RANGE.min && value.slice(0, 10) <= DATE_RANGE.max, DATE_RANGE_MESSAGE),
  /** One payment of the total (the specs' contract); `payments` takes several. */
  payment_method: z.string({ error: 'Choose a payment method.' }).trim().min(1, 'Choose a payment method.').max(40, 'Choose a payment method.').optional(),
  /** Several payments in dollars and riel (docs/decisions/0010-payments-in-dollars-and-riel.md). */
  payments: paymentListSchema.optional(),
  /** Leave what the payments do not cover on the named customer's account (`sales:credit`). */
  on_account: z.boolean({ error: 'On account must be true or false.' }).default(false),
  /** How change is handed back: whole dollars and riel (the usual), or all in riel. */
  change_in: z.enum(['mixed', 'KHR'], { error: 'Change is given mixed or in KHR.' }).default('mixed'),
  /** A Manager's approval from POST /approvals, for what the cashier's role may not do alone (tax off, another service charge). */
  approval_token: z.string({ error: 'The approval must be text.' }).trim().max(200, 'The approval is not valid.').nullish().transform((v) => v ?? null),
  /** The cashier's discount on the whole order, shared over the lines after their own. */
  discount: discountInputSchema.nullish().transform((v) => v ?? null),
  /** A Manager's approval (`sales:discount-beyond-limit`) for discounts beyond what the cashier may give alone. */
  discount_approval_token: z.string({ error: 'The approval must be text.' }).trim().max(200, 'The approval is not valid.').nullish().transform((v) => v ?? null),
  items: z
    .array(saleLineInputSchema, { error: 'Add at least one product to the cart.' })
    .min(1, 'Add at least one product to the cart.')
    .max(500, 'A sale can have at most 500 lines.'),
  total_amount: money('Total amount'),
  customer_id: referenceId('Choose a customer from the list.').nullish().transform((v) => v ?? null),
  channel: z.enum(SALE_CHANNELS, { error: 'Channel must be POS, Online or Catering.' }).default('POS'),
  tax_enabled: z.boolean({ error: 'Tax must be on or off.' }).default(true),
  service_percent: percent('Service charge').default(0),
  /** Cash handed over in dollars (cash sales); other methods are paid exactly. */
  tendered: money('Tendered amount').nullish().transform((v) => v ?? null),
  /** Cash handed over in riel, counted at the shop's rate. */
  tendered_khr: riel('Riel tendered')
    .nullish()
    .transform((v) => v ?? 0),
  notes: optionalText(500, 'Notes'),
  /** The till it was rung up at: the sale records the till's open shift (and needs one when Settings → Shifts asks). */
  till_id: referenceId('Choose a till.').nullish().transform((v) => v ?? null),
  /** Rung up while the till was offline: recorded as the till made it (docs/decisions/0016-offline-selling.md). */
  offline: offlineSaleSchema.nullish().transform((v) => v ?? null),
});

/** A sale is paid by `payments` or by the specs' one `payment_method`: exactly one of them. */
export function oneWayToPay(sale: { payment_method?: string | undefined; payments?: unknown }, ctx: z.RefinementCtx): void {
  if (sale.payment_method === undefined && sale.payments === undefined) ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'Choose a payment method.' });
  if (sale.payment_method !== undefined && sale.payments !== undefined) ctx.addIssue({ code: 'custom', path: ['payments'], message: 'Send either payments or payment_method, not both.' });
}

export const saleInputSchema = saleFieldsSchema.superRefine(oneWayToPay);
export type SaleInput = z.input<typeof saleInputSchema>;

export const saleItemSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** Price per unit at the time of sale: the catalogue's, with the chosen options' prices added. */
  unit_price: z.number(),
  /** The chosen options as they were that day (their prices are in unit_price). */
  modifiers: z.array(saleModifierSchema),
  note: z.string().nullable(),
  /** Percent off from a promotion (0 when none). */
  discount_percent: z.number(),
  promotion_id: z.number().int().nullable(),
  /** The cashier's own discount on this line. */
  line_discount: appliedDiscountSchema.nullable(),
  /** Everything taken off the line: promotion, its own discount and its share of the order's. */
  discount: z.number(),
  /** quantity × unit_price − discount. */
  line_total: z.number(),
  refunded_qty: z.number().int(),
});
export type SaleItem = z.infer<typeof saleItemSchema>;

export const saleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  so_no: alias(z.string(), 'code'),
  sale_date: z.string(),
  business_date: z.string(),
  customer_id: z.number().int().nullable(),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  customer_name: z.string().nullable(),
  channel: z.enum(SALE_CHANNELS),
  payment_method: z.string(),
  status: z.enum(SALE_STATUSES),
  items_count: z.number().int(),
  total_qty: z.number().int(),
  gross: z.number(),
  /** Everything taken off: promotions and the cashier's discounts. */
  discount: z.number(),
  /** The cashier's discount on the whole order (shared over the lines). */
  order_discount: appliedDiscountSchema.nullable(),
  subtotal: z.number(),
  tax_enabled: z.boolean(),
  tax_inclusive: z.boolean(),
  tax_rate: z.number(),
  tax: z.number(),
  service_percent: z.number(),
  service: z.number(),
  total: z.number(),
  total_amount: alias(z.number(), 'total'),
  net: alias(z.number(), 'total'),
  /** Everything handed over, in dollars at the sale's rate (riel included). */
  tendered: z.number(),
  /** Riel handed over in cash. */
  tendered_khr: z.number().int(),
  /** Paid beyond the total, in dollars. */
  change: z.number(),
  /** The change handed back: whole dollars in `change_usd`, the rest in riel in `change_khr`. */
  change_usd: z.number(),
  change_khr: z.number().int(),
  /** The same change entirely in riel. */
  change_all_khr: z.number().int(),
  /** The rates the sale was paid at: riel taken, riel given as change, the riel step. */
  khr_per_usd: z.number().int(),
  khr_change_per_usd: z.number().int(),
  riel_step: z.number().int(),
  /** What the payments brought toward the total, in dollars (change excluded). */
  paid: z.number(),
  /** Still owed on the customer's account (a Partial sale), in dollars. */
  balance: z.number(),
  payments: z.array(salePaymentSchema),
  /** Who approved what the cashier's role may not do alone (tax off, another service charge). */
  approved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Who approved discounts beyond what the cashier may give alone. */
  discount_approved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  refunded: z.number(),
  notes: z.string().nullable(),
  cashier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The till it was rung up at and that till's shift (none for sales sent without a till). */
  till: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  till_id: z.number().int().nullable(),
  shift_id: z.number().int().nullable(),
  /** Rung up offline: the till's id for it and the number its receipt carried. */
  offline: z.object({ client_id: z.string(), number: z.string() }).nullable(),
  created_at: z.string(),
  items: z.array(saleItemSchema).optional(),
  refunds: z
    .array(
      z.object({
        id: z.number().int(),
        code: z.string(),
        amount: z.number(),
        reason: z.string().nullable(),
        /** How the money went back: the method's label and key, dollars or riel (`amount_khr`, at the sale's rate). */
        method: z.string(),
        method_key: z.string(),
        currency: z.enum(PAYMENT_CURRENCIES),
        amount_khr: z.number().int(),
        business_date: z.string(),
        created_at: z.string(),
        items: z.array(z.object({ sale_item_id: z.number().int(), product_id: z.number().int(), quantity: z.number().int(), amount: z.number() })),
      }),
    )
    .optional(),
});
export type Sale = z.infer<typeof saleSchema>;

export const saleCreatedResponseSchema = z.object({ data: saleSchema, message: z.string() });

/**
 * The 409 answer of POST /sales when the till's prices or total are not the server's: the
 * catalogue's figures for every line, so the till can refresh its cart and ask again.
 */
export const pricesChangedAnswerSchema = z.object({
  message: z.string(),
  prices: z.array(z.object({ product_id: z.number().int(), unit_price: z.number(), discount_percent: z.number() })),
  /** The options' prices of the lines, by option id. */
  modifier_prices: z.array(z.object({ option_id: z.number().int(), price: z.number() })).default([]),
  total_amount: z.number(),
});
export type PricesChangedAnswer = z.infer<typeof pricesChangedAnswerSchema>;
export type CurrentPrice = PricesChangedAnswer['prices'][number];

/** 409 when a product has too few sellable units; `expired` counts those on hand past their date. */
export const outOfStockAnswerSchema = z.object({
  message: z.string(),
  product_id: z.number().int(),
  product: z.string(),
  sellable: z.number().int(),
  expired: z.number().int(),
});
export type OutOfStockAnswer = z.infer<typeof outOfStockAnswerSchema>;

export const saleListQuerySchema = listQuerySchema
  .extend({
    from: optionalDateFilterSchema,
    to: optionalDateFilterSchema,
    channel: optionalChoiceFilter(SALE_CHANNELS, 'Channel'),
    payment: z.preprocess((value) => (value === '' || value === 'All' ? undefined : value), z.string().trim().max(40).optional()),
    status: optionalChoiceFilter(SALE_STATUSES, 'Status'),
    customer_id: optionalIdFilterSchema,
    /** Sales rung up at a till, or in one shift (refunds then count where they were paid out). */
    till_id: optionalIdFilterSchema,
    shift_id: optionalIdFilterSchema,
    /** The requirements' sales list sends perPage. */
    perPage: alias(
      urlInteger('Per page must be a whole number.').pipe(z.number().min(1, 'Per page must be at least 1.').max(MAX_PER_PAGE, `Per page must be at most ${MAX_PER_PAGE}.`)).optional(),
      'per_page',
    ),
  })
  .refine(...fromNotAfterTo);
export type SaleListQuery = z.infer<typeof saleListQuerySchema>;

export const saleTotalsSchema = z.object({
  orders: z.number().int(),
  items: z.number().int(),
  qty: z.number().int(),
  gross: z.number(),
  discount: z.number(),
  tax: z.number(),
  service: z.number(),
  net: z.number(),
  /** Refunds made in the period (on their own day) of the sales the other filters match. */
  refunded: z.number(),
  /** Net less those refunds. */
  net_after_refunds: z.number(),
});
export type SaleTotals = z.infer<typeof saleTotalsSchema>;

export const saleListResponseSchema = z.object({
  data: z.array(saleSchema),
  meta: listMetaSchema.extend({ totals: saleTotalsSchema }),
});

export const refundInputSchema = z.object({
  /** Lines and quantities to refund; leave out to refund everything not yet refunded. */
  items: z
    .array(
      z.object({
        sale_item_id: referenceId('Choose a line of this sale.'),
        quantity: quantity('Quantity').min(1, 'Quantity must be at least 1.'),
      }),
    )
    .min(1, 'Choose at least one line to refund.')
    .max(500)
    .optional(),
  reason: optionalText(500, 'Reason'),
  /** How the money goes back: one of the shop's methods (by label or key); default the sale's first payment's. */
  method: z.string({ error: 'Choose a payment method.' }).trim().min(1, 'Choose a payment method.').max(40, 'Choose a payment method.').nullish().transform((v) => v ?? null),
  /** Dollars, or riel (cash only) at the sale's own rate. */
  currency: z.enum(PAYMENT_CURRENCIES, { error: 'Currency must be USD or KHR.' }).default('USD'),
  /** Put the goods back on the shelf (off for spoiled food). */
  restock: z.boolean({ error: 'Restock must be true or false.' }).default(true),
  /** A Manager's approval from POST /approvals (`sales:refund`), for a cashier who may not refund alone. */
  approval_token: z.string({ error: 'The approval must be text.' }).trim().max(200, 'The approval is not valid.').nullish().transform((v) => v ?? null),
  /** The till the money goes back from: cash refunds leave its drawer, in its open shift. */
  till_id: referenceId('Choose a till.').nullish().transform((v) => v ?? null),
});
export type RefundInput = z.input<typeof refundInputSchema>;

export const SALE_MESSAGES = {
  recorded: 'Sale recorded successfully!',
  refunded: 'Refund recorded',
  notFound: 'Sale not found.',
  keyReused: 'This Idempotency-Key was already used for a different sale. Use a new key for a new sale.',
  inFlight: 'The same sale is being recorded right now. Wait a moment and retry with the same key.',
  oneIdempotencyKey: 'Send one Idempotency-Key header, not several.',
  expiredStock: (product: string, sellable: number, expired: number) =>
    `Only ${sellable} of ${product} can be sold: ${expired} more ${expired === 1 ? 'has' : 'have'} expired. A Manager can write them off on the Expire screen.`,
  pricesChanged: 'Prices have changed since the cart was filled. Check the new prices and pay again.',
  tenderedShort: 'The cash tendered is less than the total.',
  nothingToRefund: 'Everything on this sale has already been refunded.',
} as const;
