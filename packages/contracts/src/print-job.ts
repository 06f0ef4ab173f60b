import { z } from 'zod';
import { listQuerySchema, listResponseSchema, optionalIdFilterSchema, referenceId } from './common';

/*
 * Print jobs (docs/decisions/0015-printing.md): every slip sent to a printer, with what it was,
 * where it went, when, and how it ended. A job that failed (the printer off, out of paper, the
 * network down) stays in the till's retry list until a retry prints it, once. A sale never waits
 * for its receipt: it is recorded first, and its jobs run after.
 */

export const PRINT_JOB_KINDS = ['receipt', 'kitchen', 'test', 'label', 'drawer'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];
export const PRINT_JOB_STATUSES = ['pending', 'printed', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

export const printJobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRINT_JOB_KINDS),
  printer_id: z.string(),
  printer_name: z.string(),
  /** Where it went: `192.168.1.50:9100`, or `usb` / `serial` for a printer on a till. */
  target: z.string(),
  till_id: z.number().int().nullable(),
  sale_id: z.number().int().nullable(),
  sale_code: z.string().nullable(),
  ticket_id: z.number().int().nullable(),
  /** A reprint, marked COPY on paper. */
  copy: z.boolean(),
  /** The cash drawer was pulsed with it. */
  open_drawer: z.boolean(),
  status: z.enum(PRINT_JOB_STATUSES),
  /** Why it failed, readably ("The printer … refused the connection."). */
  error: z.string().nullable(),
  attempts: z.number().int(),
  /** Bytes sent to the printer the last time it printed. */
  bytes: z.number().int(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  printed_at: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const printJobListQuerySchema = listQuerySchema.extend({
  status: z.enum([...PRINT_JOB_STATUSES, 'all'], { error: 'Status is pending, printed, failed or all.' }).default('all'),
  till_id: optionalIdFilterSchema,
  sale_id: optionalIdFilterSchema,
});
export type PrintJobListQuery = z.infer<typeof printJobListQuerySchema>;
export const printJobListResponseSchema = listResponseSchema(printJobSchema);

/** POST /sales/{id}/print: the till's receipt printer unless one is named; `copy` marks a reprint. */
export const salePrintInputSchema = z
  .object({
    printer_id: z.string({ error: 'Choose a printer from the list.' }).trim().max(60).nullish().transform((v) => (v ? v : null)),
    till_id: referenceId('Choose a till.').nullish().transform((v) => v ?? null),
    copy: z.boolean({ error: 'Copy must be true or false.' }).default(false),
  })
  .default({ printer_id: null, till_id: null, copy: false });
export type SalePrintInput = z.input<typeof salePrintInputSchema>;

/** POST /print-jobs: a slip a till printed itself (USB or serial), recorded with its result. */
export const printJobReportSchema = z.object({
  kind: z.enum(PRINT_JOB_KINDS, { error: 'Kind is receipt, kitchen, test, label or drawer.' }),
  printer_id: z.string({ error: 'Choose a printer from the list.' }).trim().min(1, 'Choose a printer from the list.').max(60),
  till_id: referenceId('Choose a till.').nullish().transform((v) => v ?? null),
  sale_id: referenceId('Choose a sale.').nullish().transform((v) => v ?? null),
  copy: z.boolean().default(false),
  open_drawer: z.boolean().default(false),
  status: z.enum(['printed', 'failed'], { error: 'Status is printed or failed.' }),
  error: z.string().trim().max(300).nullish().transform((v) => v || null),
  bytes: z.number().int().min(0).max(10_000_000).default(0),
});
export type PrintJobReport = z.input<typeof printJobReportSchema>;

/** POST /labels/print: products and how many labels of each, on a Label printer. */
export const labelPrintInputSchema = z.object({
  printer_id: z.string({ error: 'Choose a label printer.' }).trim().min(1, 'Choose a label printer.').max(60),
  items: z
    .array(
      z.object({
        product_id: referenceId('Choose a product.'),
        count: z.number({ error: 'Count must be a number.' }).int('Count is a whole number.').min(1, 'Print at least 1 label.').max(500, 'At most 500 labels of one product.'),
      }),
      { error: 'Choose the products to label.' },
    )
    .min(1, 'Choose the products to label.')
    .max(200, 'At most 200 products at once.'),
});
export type LabelPrintInput = z.input<typeof labelPrintInputSchema>;

