import { z } from 'zod';
import { fromNotAfterTo, optionalDateFilterSchema, optionalIdFilterSchema } from './common';
import { PAYMENT_CURRENCIES } from './tender';

/*
 * GET /reports/payments: what each payment method brought in, per currency, over a period. The
 * payment rows are a ledger (payments with the sale, later settlements, negative change rows),
 * each on the day it was taken; refunds come off on the day they were made, by the method and
 * currency the money went back in. See docs/decisions/0010-payments-in-dollars-and-riel.md.
 */

export const paymentTotalsQuerySchema = z
  .object({
    from: optionalDateFilterSchema,
    to: optionalDateFilterSchema,
    /** What one till, or one shift, took. */
    till_id: optionalIdFilterSchema,
    shift_id: optionalIdFilterSchema,
  })
  .refine(...fromNotAfterTo);
export type PaymentTotalsQuery = z.infer<typeof paymentTotalsQuerySchema>;

export const paymentTotalSchema = z.object({
  /** The method's label today (its key if the shop no longer has it). */
  method: z.string(),
  method_key: z.string(),
  currency: z.enum(PAYMENT_CURRENCIES),
  /** In its currency: dollars, or whole riel. Refunds are taken off. */
  amount: z.number(),
  /** Its worth in dollars at the rates of the sales: the values of all rows add up to what was taken, less refunds. */
  value: z.number(),
  /** Of which refunds, in the same currency (dollars or riel), as a positive amount. */
  refunded: z.number(),
});
export type PaymentTotal = z.infer<typeof paymentTotalSchema>;

export const paymentTotalsResponseSchema = z.object({
  data: z.array(paymentTotalSchema),
  meta: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
});
export type PaymentTotals = z.infer<typeof paymentTotalsResponseSchema>;
