import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_AMOUNT, MAX_RIEL } from './money';
import { fromNotAfterTo, listQuerySchema, optionalChoiceFilter, optionalDateFilterSchema, optionalIdFilterSchema, optionalText, referenceId, urlInteger } from './common';
import { saleTotalsSchema } from './sale';
import { paymentTotalSchema } from './payment-totals';
import { DENOMINATIONS, PAYMENT_CURRENCIES } from './tender';

/*
 * A shift at a till: opened with a counted float, cash paid in and out during it, closed with a
 * count per currency against what the drawer should hold, and a Z-report numbered without gaps.
 * Dollars are sent as dollars (2 decimals), riel as whole riel, each currency apart.
 * See docs/decisions/0012-tills-shifts-and-the-journal.md.
 */

/** The notes a drawer holds, per currency, smallest first. */

export const SHIFT_STATUSES = ['open', 'closed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

export const MOVEMENT_TYPES = ['in', 'out', 'no_sale'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

const currency = z.enum(PAYMENT_CURRENCIES, { error: 'Currency must be USD or KHR.' });

/** How many of each note were counted (optional: a total per currency is enough). */
const denominationCountSchema = z.object({
  value: z.number({ error: 'A note’s value must be a number.' }),
  count: z.number({ error: 'Count must be a whole number.' }).int('Count must be a whole number.').min(0, 'Count cannot be negative.').max(100_000, 'Count is too large.'),
});

/** An amount of cash in one currency: dollars (2 decimals) or whole riel; 0 or more. */
function cashAmount(label: string) {
  return z
    .object({
      currency,
      amount: z.number({ error: `${label} must be a number.` }).min(0, `${label} cannot be negative.`),
      denominations: z.array(denominationCountSchema).max(20).nullish().transform((v) => v ?? null),
    })
    .superRefine((cash, ctx) => {
      if (cash.currency === 'KHR') {
        if (!Number.isInteger(cash.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Riel amounts are whole numbers.' });
        else if (cash.amount > MAX_RIEL) ctx.addIssue({ code: 'custom', path: ['amount'], message: `${label} is too large.` });
      } else if (!hasAtMostTwoDecimals(cash.amount)) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: `${label} can have at most 2 decimals.` });
      } else if (cash.amount > MAX_AMOUNT) {
        ctx.addIssue({ code: 'custom', path: ['amount'], message: `${label} is too large.` });
      }
      if (cash.denominations) {
        const notes = DENOMINATIONS[cash.currency] as readonly number[];
        const unknown = cash.denominations.find((d) => !notes.includes(d.value));
        if (unknown) ctx.addIssue({ code: 'custom', path: ['denominations'], message: `There is no ${cash.currency} note of ${unknown.value}.` });
        else {
          const sum = cash.denominations.reduce((total, d) => total + d.value * d.count, 0);
          if (Math.abs(sum - cash.amount) > 1e-9) ctx.addIssue({ code: 'custom', path: ['amount'], message: `${label} must equal the notes counted.` });
        }
      }
    });
}

/** One amount per currency at most. */
function perCurrency(label: string) {
  return z
    .array(cashAmount(label), { error: `${label} must be a list of amounts per currency.` })
    .max(PAYMENT_CURRENCIES.length)
    .refine((amounts) => new Set(amounts.map((a) => a.currency)).size === amounts.length, 'Give each currency once.');
}

/** POST /shifts: open a shift at a till with the float counted into its drawer. */
export const shiftOpenSchema = z.object({
  till_id: referenceId('Choose a till.'),
  float: perCurrency('Opening float'),
});
export type ShiftOpenInput = z.input<typeof shiftOpenSchema>;

/** POST /shifts/{id}/movements: cash paid in or out with a reason, or the drawer opened without a sale. */
export const movementInputSchema = z
  .object({
    type: z.enum(MOVEMENT_TYPES, { error: 'Type must be in, out or no_sale.' }),
    currency: currency.default('USD'),
    amount: z.number({ error: 'Amount must be a number.' }).min(0, 'Amount cannot be negative.').default(0),
    reason: optionalText(200, 'Reason'),
  })
  .superRefine((movement, ctx) => {
    if (movement.type === 'no_sale') {
      if (movement.amount !== 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Opening the drawer without a sale moves no money.' });
      return;
    }
    if (movement.amount <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount must be more than 0.' });
    else if (movement.currency === 'KHR' ? !Number.isInteger(movement.amount) : !hasAtMostTwoDecimals(movement.amount)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: movement.currency === 'KHR' ? 'Riel amounts are whole numbers.' : 'Amount can have at most 2 decimals.' });
    } else if (movement.amount > (movement.currency === 'KHR' ? MAX_RIEL : MAX_AMOUNT)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is too large.' });
    }
    if (!movement.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say what the money is for.' });
  });
export type MovementInput = z.input<typeof movementInputSchema>;

/** POST /shifts/{id}/close: the cash counted per currency; a difference past the shop's limit needs a Manager's approval and a note. */
export const shiftCloseSchema = z.object({
  counted: perCurrency('Counted cash'),
  note: optionalText(500, 'Note'),
  /** From POST /approvals for `shifts:manage`, when the count is off by more than the shop allows. */
  approval_token: z.string({ error: 'The approval must be text.' }).trim().max(200, 'The approval is not valid.').nullish().transform((v) => v ?? null),
});
export type ShiftCloseInput = z.input<typeof shiftCloseSchema>;

const person = z.object({ id: z.number().int().nullable(), name: z.string() });

/** An amount in one currency, as sent: dollars or whole riel. */
const cashSchema = z.object({ currency, amount: z.number() });

export const movementSchema = z.object({
  id: z.number().int(),
  shift_id: z.number().int(),
  type: z.enum(MOVEMENT_TYPES),
  currency,
  amount: z.number(),
  reason: z.string().nullable(),
  user: person,
  created_at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

export const shiftSchema = z.object({
  id: z.number().int(),
  till: z.object({ id: z.number().int(), name: z.string() }),
  status: z.enum(SHIFT_STATUSES),
  business_date: z.string(),
  opened_by: person,
  opened_at: z.string(),
  float: z.array(cashSchema),
  closed_by: person.nullable(),
  closed_at: z.string().nullable(),
  counted: z.array(cashSchema).nullable(),
  /** What the drawer should have held, and counted less expected; known once closed. */
  expected: z.array(cashSchema).nullable(),
  difference: z.array(cashSchema).nullable(),
  note: z.string().nullable(),
  approved_by: person.nullable(),
  /** The Z-report's number once closed: Z-000001. */
  z_number: z.number().int().nullable(),
  z_code: z.string().nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

/** The cash drawer in one currency: where the expected amount comes from. */
export const drawerLineSchema = z.object({
  currency,
  float: z.number(),
  /** Cash taken with sales and later payments, before change. */
  cash_sales: z.number(),
  /** Change handed back in this currency (as a positive amount). */
  change: z.number(),
  pay_ins: z.number(),
  pay_outs: z.number(),
  /** Cash refunds paid out in this currency. */
  refunds: z.number(),
  /** float + cash_sales − change + pay_ins − pay_outs − refunds; null while a blind count hides it. */
  expected: z.number().nullable(),
  counted: z.number().nullable(),
  difference: z.number().nullable(),
});
export type DrawerLine = z.infer<typeof drawerLineSchema>;

/** GET /shifts/{id}/report: an X-report (the shift so far) while open, the Z-report once closed. */
export const shiftReportSchema = z.object({
  kind: z.enum(['X', 'Z']),
  shift: shiftSchema,
  shop: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  /** The same figures as the sales report filtered to this shift. */
  sales: saleTotalsSchema,
  drawer: z.array(drawerLineSchema),
  /** Every method and currency the shift took, less refunds: to check card, bank and KHQR against the bank's app. */
  methods: z.array(paymentTotalSchema),
  movements: z.array(movementSchema),
  no_sales: z.number().int(),
  /** When these figures were taken: the close for a Z-report. */
  generated_at: z.string(),
});
export type ShiftReport = z.infer<typeof shiftReportSchema>;

export const shiftListQuerySchema = listQuerySchema
  .extend({
    till_id: optionalIdFilterSchema,
    status: optionalChoiceFilter(SHIFT_STATUSES, 'Status'),
    from: optionalDateFilterSchema,
    to: optionalDateFilterSchema,
  })
  .refine(...fromNotAfterTo);
export type ShiftListQuery = z.infer<typeof shiftListQuerySchema>;

export const currentShiftQuerySchema = z.object({ till_id: urlInteger('Choose a till.').pipe(z.number().min(1, 'Choose a till.')) });

/** The 409 of a sale, refund or payment at a till without an open shift, when the shop requires one. */
export const shiftRequiredAnswerSchema = z.object({ message: z.string(), code: z.literal('shift_required') });

export const zCode = (number: number) => `Z-${String(number).padStart(6, '0')}`;

export const SHIFT_MESSAGES = {
  opened: 'Shift opened',
  closed: 'Shift closed',
  movementRecorded: 'Recorded',
  notFound: 'Shift not found.',
  alreadyOpen: 'This till already has an open shift.',
  notOpen: 'This shift is closed.',
  tillNeedsShift: 'Open a shift at this till before selling.',
  noOpenShift: 'This till has no open shift.',
  notYours: 'Only the cashier who opened this shift or a Manager can close it.',
  differenceNeedsApproval: "The count is off by more than the shop allows: a Manager's approval and a note are needed.",
  differenceNeedsNote: 'Say why the count is off.',
} as const;
