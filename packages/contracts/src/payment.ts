import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_AMOUNT, MAX_RIEL } from './money';
import { optionalText, referenceId } from './common';
import { PAYMENT_CURRENCIES } from './tender';

/*
 * One payment toward a sale: a method of Settings → Payments, a currency and an amount in it.
 * A sale takes several (POST /sales `payments`), and a sale left partly unpaid takes more later
 * (POST /sales/{id}/payments). See docs/decisions/0010-payments-in-dollars-and-riel.md.
 */

export const MAX_PAYMENTS = 20;

/** A KHQR payment keeps what Bakong's transaction check asks for: the QR's MD5 and its bill number. */
export const khqrProofSchema = z.object({
  md5: z
    .string({ error: 'The KHQR MD5 must be text.' })
    .regex(/^[0-9a-f]{32}$/i, 'The KHQR MD5 is 32 hexadecimal characters.')
    .transform((value) => value.toLowerCase()),
  bill_number: z.string({ error: 'The bill number must be text.' }).trim().max(25, 'The bill number must be at most 25 characters.').nullish().transform((v) => v ?? null),
});

export const paymentInputSchema = z
  .object({
    method: z.string({ error: 'Choose a payment method.' }).trim().min(1, 'Choose a payment method.').max(40, 'Choose a payment method.'),
    currency: z.enum(PAYMENT_CURRENCIES, { error: 'Currency must be USD or KHR.' }).default('USD'),
    /** Dollars with at most 2 decimals, or whole riel. */
    amount: z.number({ error: 'Amount must be a number.' }).positive('Amount must be more than 0.'),
    /** A card slip, a bank transfer's number. */
    reference: optionalText(80, 'Reference'),
    khqr: khqrProofSchema.nullish().transform((v) => v ?? null),
  })
  .superRefine((payment, ctx) => {
    if (payment.currency === 'KHR') {
      if (!Number.isInteger(payment.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Riel amounts are whole numbers.' });
      else if (payment.amount > MAX_RIEL) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Riel amount is too large.' });
    } else if (!hasAtMostTwoDecimals(payment.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount can have at most 2 decimals.' });
    } else if (payment.amount > MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `Amount must be at most ${MAX_AMOUNT.toLocaleString('en-US')}.` });
    }
  });
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentListSchema = z
  .array(paymentInputSchema, { error: 'Payments must be a list.' })
  .min(1, 'Add at least one payment.')
  .max(MAX_PAYMENTS, `A sale can have at most ${MAX_PAYMENTS} payments.`);

/** POST /sales/{id}/payments: what settles a sale left partly unpaid. */
export const settleInputSchema = z.object({
  payments: paymentListSchema,
  change_in: z.enum(['mixed', 'KHR'], { error: 'Change is given mixed or in KHR.' }).default('mixed'),
  /** The till the money is taken at: cash goes into its drawer, in its open shift. */
  till_id: referenceId('Choose a till.').nullish().transform((v) => v ?? null),
});
export type SettleInput = z.input<typeof settleInputSchema>;

export const salePaymentSchema = z.object({
  id: z.number().int(),
  method: z.string(),
  method_key: z.string(),
  currency: z.enum(PAYMENT_CURRENCIES),
  /** In its currency: dollars, or whole riel. */
  amount: z.number(),
  /** What it was worth toward the sale, in dollars. */
  value: z.number(),
  reference: z.string().nullable(),
  khqr: z.object({ md5: z.string(), bill_number: z.string().nullable() }).nullable(),
  /** Paid with the sale, or later against its balance. */
  kind: z.enum(['sale', 'settlement']),
  business_date: z.string(),
  created_at: z.string(),
});
export type SalePayment = z.infer<typeof salePaymentSchema>;

export const PAYMENT_MESSAGES = {
  recorded: 'Payment recorded',
  notCovered: 'The payments do not cover the total.',
  nonCashOver: 'Only cash can be more than the total: change is given in cash.',
  onAccountNeedsCustomer: 'Choose a customer to leave part of the sale on their account.',
  onAccountNotAllowed: 'You cannot leave a sale partly unpaid. Ask a Manager.',
  nothingOwed: 'This sale has nothing left to pay.',
  overSettled: 'Only cash can be more than the balance: change is given in cash.',
  onePaymentStyle: 'Send either payments or payment_method, not both.',
} as const;

