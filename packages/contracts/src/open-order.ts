import { z } from 'zod';
import { listQuerySchema, optionalText, referenceId, requiredText } from './common';
import { quantity } from './money';
import { lineModifiersSchema, saleModifierSchema } from './modifier';
import { oneWayToPay, saleFieldsSchema } from './sale';

/*
 * Open orders: a cart parked on the server under a table or a name, dine-in or take-away, that
 * any till lists, resumes, adds to, pays (all of it, or some lines per bill) or voids with a
 * reason. Each placing or addition sends a kitchen ticket to the station of each line's
 * category (docs/decisions/0014-open-orders-and-the-kitchen.md).
 */

export const ORDER_SERVICES = ['dine_in', 'take_away'] as const;
export type OrderService = (typeof ORDER_SERVICES)[number];
export const OPEN_ORDER_STATUSES = ['open', 'paid', 'voided'] as const;
export const ORDER_LINE_STATUSES = ['open', 'paid', 'voided'] as const;

export const openOrderLineInputSchema = z.object({
  product_id: referenceId('Choose a product for every line.'),
  quantity: quantity('Quantity').min(1, 'Quantity must be at least 1.'),
  /** As on a sale line: left out, each group takes its defaults. */
  modifiers: lineModifiersSchema,
  note: optionalText(200, 'Note'),
});
export type OpenOrderLineInput = z.input<typeof openOrderLineInputSchema>;

const linesSchema = z
  .array(openOrderLineInputSchema, { error: 'Add at least one product.' })
  .min(1, 'Add at least one product.')
  .max(200, 'At most 200 lines at once.');

/** POST /open-orders: park a cart under a table or a name. */
export const openOrderInputSchema = z
  .object({
    name: optionalText(60, 'Name'),
    table: optionalText(20, 'Table'),
    service: z.enum(ORDER_SERVICES, { error: 'Service is dine_in or take_away.' }).default('dine_in'),
    lines: linesSchema,
    /** The till it was placed at. */
    till_id: referenceId('Choose a till.').nullish().transform((v) => v ?? null),
  })
  .refine((order) => order.name !== null || order.table !== null, { message: 'Give the order a table or a name.', path: ['table'] });
export type OpenOrderInput = z.input<typeof openOrderInputSchema>;

/** POST /open-orders/{id}/lines: more for the same table; each addition is its own kitchen ticket. */
export const openOrderAddSchema = z.object({ lines: linesSchema });
export type OpenOrderAdd = z.input<typeof openOrderAddSchema>;

/**
 * POST /open-orders/{id}/pay: a sale of the order's open lines (all, or `line_ids` for one bill
 * when the table splits), paid like any sale; the order closes when no line is left open.
 */
export const openOrderPaySchema = saleFieldsSchema
  // An open order is paid at the counter, online: never an offline sale (docs/decisions/0016-offline-selling.md).
  .omit({ items: true, offline: true })
  .extend({
    line_ids: z
      .array(referenceId('Choose lines of this order.'), { error: 'Choose lines of this order.' })
      .min(1, 'Choose at least one line to pay.')
      .max(200)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine(oneWayToPay);
export type OpenOrderPay = z.input<typeof openOrderPaySchema>;

export const openOrderVoidSchema = z.object({ reason: requiredText(200, 'Reason', 'Give a reason for voiding the order.') });
export type OpenOrderVoid = z.input<typeof openOrderVoidSchema>;

export const openOrderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** The catalogue price with the options' prices, per unit, as it is now (the sale prices it again when paid). */
  unit_price: z.number(),
  modifiers: z.array(saleModifierSchema),
  note: z.string().nullable(),
  status: z.enum(ORDER_LINE_STATUSES),
  /** The sale that paid it. */
  sale_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type OpenOrderLine = z.infer<typeof openOrderLineSchema>;

export const openOrderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string().nullable(),
  table: z.string().nullable(),
  service: z.enum(ORDER_SERVICES),
  status: z.enum(OPEN_ORDER_STATUSES),
  till_id: z.number().int().nullable(),
  lines: z.array(openOrderLineSchema),
  /** The open lines at their unit prices, before promotions, discounts, tax and service. */
  open_amount: z.number(),
  sale_ids: z.array(z.number().int()),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  void_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OpenOrder = z.infer<typeof openOrderSchema>;

export const openOrderListQuerySchema = listQuerySchema.extend({
  status: z.enum([...OPEN_ORDER_STATUSES, 'all'], { error: 'Status is open, paid, voided or all.' }).default('open'),
});
export type OpenOrderListQuery = z.infer<typeof openOrderListQuerySchema>;

export const kitchenTicketItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  modifiers: z.array(z.object({ group: z.string(), name: z.string(), name_km: z.string().nullable() })),
  note: z.string().nullable(),
  done: z.boolean(),
});

export const kitchenTicketSchema = z.object({
  id: z.number().int(),
  /** Counts up per shop, for calling out. */
  number: z.number().int(),
  station: z.string(),
  order_id: z.number().int().nullable(),
  order_code: z.string().nullable(),
  /** A sale rung up at the till without an order: its number, to call out. */
  sale_id: z.number().int().nullable(),
  sale_code: z.string().nullable(),
  table: z.string().nullable(),
  name: z.string().nullable(),
  service: z.enum(ORDER_SERVICES),
  items: z.array(kitchenTicketItemSchema),
  created_at: z.string(),
  done_at: z.string().nullable(),
});
export type KitchenTicket = z.infer<typeof kitchenTicketSchema>;

export const kitchenTicketQuerySchema = z.object({
  station: z.string().trim().max(40).optional(),
  status: z.enum(['open', 'done'], { error: 'Status is open or done.' }).default('open'),
});

/** POST /kitchen/tickets/{id}/done: one item (`item_id`) or the whole ticket. */
export const kitchenDoneSchema = z.object({ item_id: referenceId('Choose an item of this ticket.').nullish().transform((v) => v ?? null) }).default({ item_id: null });

export const OPEN_ORDER_MESSAGES = {
  placed: 'Order placed',
  added: 'Added to the order',
  paid: 'Order paid',
  voided: 'Order voided',
  notFound: 'Order not found.',
  notOpen: 'This order is no longer open.',
  lineNotOpen: 'A chosen line is already paid or voided, or is not on this order.',
  nothingToPay: 'Nothing is left to pay on this order.',
  ticketNotFound: 'Ticket not found.',
} as const;
