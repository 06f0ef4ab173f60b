import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_AMOUNT, MAX_RIEL } from './money';
import { KHQR_LIMITS } from './khqr';
import { PAYMENT_CURRENCIES } from './tender';

/*
 * The till's KHQR: POST /khqr makes a dynamic QR for an amount (khqr.ts builds it), and
 * GET /khqr/{md5}/status asks Bakong whether it was paid, where the server has a Bakong token.
 */

export const KHQR_MESSAGES = {
  notSetUp: 'KHQR is not set up yet: an Admin fills in the Bakong account in Settings → Payments.',
  turnedOff: 'KHQR is turned off: an Admin turns it on in Settings → Payments.',
  /** The saved account cannot make a QR (e.g. a name longer than a QR holds): the reason follows. */
  cannotMake: 'The KHQR could not be made from the saved account.',
} as const;

export const khqrInputSchema = z
  .object({
    /** Dollars with at most 2 decimals, or whole riel. */
    amount: z.number({ error: 'Amount must be a number.' }).positive('Amount must be more than 0.'),
    currency: z.enum(PAYMENT_CURRENCIES, { error: 'Currency must be USD or KHR.' }),
    /** The sale's own number; the server makes one when it is left out. */
    bill_number: z
      .string({ error: 'The bill number must be text.' })
      .trim()
      .min(1, 'The bill number must not be empty.')
      .max(KHQR_LIMITS.billNumber, `The bill number must be at most ${KHQR_LIMITS.billNumber} characters.`)
      .regex(/^[\x20-\x7e]+$/, 'The bill number may use only English letters, digits and punctuation.')
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.currency === 'KHR') {
      if (!Number.isInteger(input.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Riel amounts are whole numbers.' });
      else if (input.amount > MAX_RIEL) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Riel amount is too large.' });
    } else if (!hasAtMostTwoDecimals(input.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount can have at most 2 decimals.' });
    } else if (input.amount > MAX_AMOUNT) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: `Amount must be at most ${MAX_AMOUNT.toLocaleString('en-US')}.` });
    }
  });
export type KhqrInput = z.input<typeof khqrInputSchema>;

export const khqrCodeSchema = z.object({
  /** The QR's text, to draw as a QR code. */
  payload: z.string(),
  /** MD5 of the payload, lowercase hex: what Bakong's transaction check and the sale's payment keep. */
  md5: z.string(),
  expires_at: z.string(),
  bill_number: z.string(),
  /** The server asks Bakong whether it was paid (GET /khqr/{md5}/status); without, the cashier confirms. */
  bank_check: z.boolean(),
});
export type KhqrCode = z.infer<typeof khqrCodeSchema>;

export const khqrStatusParamsSchema = z.object({
  md5: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'The KHQR MD5 is 32 hexadecimal characters.')
    .transform((value) => value.toLowerCase()),
});

export const khqrStatusSchema = z.object({
  /** Bakong has the payment. */
  paid: z.boolean(),
  /** Bakong was asked and answered; false without a token, or when it cannot be reached. */
  checked: z.boolean(),
});
export type KhqrStatus = z.infer<typeof khqrStatusSchema>;
