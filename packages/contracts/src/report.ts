import { z } from 'zod';
import { fromNotAfterTo, listMetaSchema, listQuerySchema, optionalChoiceFilter, optionalDateFilterSchema, optionalIdFilterSchema } from './common';

/** Expired: units past their date are still on hand (waiting to be written off); it outranks Below Reorder. */
export const STOCK_STATES = ['Expired', 'Below Reorder', 'Normal'] as const;

/** GET /stock-report (docs/screens.md, "Reports"): per product over [from, to]; dates are shop business days. */
export const stockReportQuerySchema = listQuerySchema
  .extend({
    from: optionalDateFilterSchema,
    to: optionalDateFilterSchema,
    /** A category id (the screen lists the shop's categories). */
    category: optionalIdFilterSchema,
    state: optionalChoiceFilter(STOCK_STATES, 'Stock state'),
  })
  .refine(...fromNotAfterTo);
export type StockReportQuery = z.infer<typeof stockReportQuerySchema>;

/** A row, in the field names the stock report has always used (camelCase, unlike the rest of the API). */
export const stockReportRowSchema = z.object({
  productId: z.number().int(),
  sku: z.string(),
  name: z.string(),
  category: z.string(),
  categoryId: z.number().int(),
  unit: z.string(),
  /** Weighted average cost of the receipts up to `to`. */
  unitCost: z.number(),
  openingQty: z.number(),
  purchasedQty: z.number(),
  /** Sold less refunded. */
  soldQty: z.number(),
  adjustedQty: z.number(),
  closingQty: z.number(),
  valuation: z.number(),
  reorderLevel: z.number(),
  state: z.enum(STOCK_STATES),
});
export type StockReportRow = z.infer<typeof stockReportRowSchema>;

export const stockReportTotalsSchema = z.object({
  skus: z.number().int(),
  openingQty: z.number(),
  closingQty: z.number(),
  purchases: z.number(),
  sales: z.number(),
  adjustments: z.number(),
  valuation: z.number(),
});

export const stockReportResponseSchema = z.object({
  data: z.array(stockReportRowSchema),
  meta: listMetaSchema.extend({ totals: stockReportTotalsSchema, from: z.string(), to: z.string() }),
});

/** Reports are exported as CSV of the whole filtered set: the same filters, no paging. */
export const REPORT_FILES = { purchases: 'purchase-report.csv', sales: 'sales-report.csv', saleLines: 'sales-lines.csv', stock: 'stock-report.csv' } as const;

const card = z.object({ value: z.number(), previous: z.number(), change: z.number() });

/** GET /dashboard: the cards against the 30 days before, the year by month, and the morning's lists. */
export const dashboardSchema = z.object({
  today: z.string(),
  period: z.object({ from: z.string(), to: z.string() }),
  cards: z.object({ newOrders: card, totalIncome: card, totalExpense: card, newUsers: card }),
  year: z.number().int(),
  /** Jan..Dec of this year: income (net of refunds) and orders. */
  months: z.array(z.object({ month: z.number().int(), income: z.number(), orders: z.number().int(), expense: z.number() })),
  /** The year's income (net of refunds) and supply costs: the two lines of the Yearly Stats chart, summed. */
  yearTotal: z.number(),
  yearExpense: z.number(),
  topProducts: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      sku: z.string(),
      qty: z.number(),
      income: z.number(),
      /** Its three most sold options over the same days (units, refunds taken off), most first. */
      options: z.array(z.object({ group: z.string(), name: z.string(), quantity: z.number().int() })).optional(),
    }),
  ),
  lowStock: z.array(z.object({ productId: z.number().int(), name: z.string(), sku: z.string(), onHand: z.number(), reorderLevel: z.number() })),
  expiringSoon: z.array(z.object({ batchId: z.number().int(), name: z.string(), sku: z.string(), expireDate: z.string(), remaining: z.number(), daysLeft: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
