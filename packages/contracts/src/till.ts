import { z } from 'zod';
import { requiredText } from './common';

/*
 * A till: one cash drawer and the browser that sells at it ("Front counter", "Bar"). An Admin
 * defines them; a browser is set to one once (kept in the browser; a Manager may change it).
 * Every sale, refund and drawer movement made at a till records it and its open shift.
 * See docs/decisions/0012-tills-shifts-and-the-journal.md.
 */

export const tillInputSchema = z.object({
  name: requiredText(60, 'Till name'),
  /** The id of a printer of Settings → Printers that prints this till's receipts; none uses the shop's default. */
  printer_id: z.string({ error: 'Choose a printer from the list.' }).trim().max(60).nullish().transform((v) => (v ? v : null)),
  active: z.boolean({ error: 'Active must be true or false.' }).default(true),
  /** Print each sale's receipt as soon as it is recorded; off, the cashier taps Print when the customer wants one. */
  auto_print: z.boolean({ error: 'Print receipts automatically must be true or false.' }).default(true),
});
export type TillInput = z.input<typeof tillInputSchema>;

export const tillSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  printer_id: z.string().nullable(),
  active: z.boolean(),
  auto_print: z.boolean(),
  /** The shift open at this till now, if any. */
  open_shift: z
    .object({ id: z.number().int(), opened_by: z.object({ id: z.number().int().nullable(), name: z.string() }), opened_at: z.string() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Till = z.infer<typeof tillSchema>;

export const TILL_MESSAGES = {
  created: 'Till added',
  updated: 'Till saved',
  nameTaken: 'Another till already has this name.',
  notFound: 'Till not found.',
  printerUnknown: 'Choose a printer from Settings → Printers.',
  inactive: 'This till is switched off. Choose another till.',
  hasOpenShift: 'This till has an open shift. Close it before switching the till off.',
} as const;
