import { z } from 'zod';

/*
 * The journal: every sale, refund, later payment, drawer movement, shift float and Z-report gets
 * a sequence number and a SHA-256 over its content and the previous record's hash, so a change
 * made behind the application's back shows. See docs/decisions/0012-tills-shifts-and-the-journal.md.
 */

export const JOURNAL_KINDS = ['sale', 'refund', 'payment', 'shift', 'movement', 'z_report'] as const;
export type JournalKind = (typeof JOURNAL_KINDS)[number];

/** The first record that does not match: what it is, and why. */
export const journalBreakSchema = z.object({
  seq: z.number().int(),
  kind: z.enum(JOURNAL_KINDS),
  entity_id: z.number().int(),
  /** How people name it: SO-000012, RF-000003, Z-000002, shift 4… */
  reference: z.string(),
  /** Its content changed, it is gone, or the chain's own link was altered. */
  reason: z.enum(['changed', 'missing', 'chain']),
});
export type JournalBreak = z.infer<typeof journalBreakSchema>;

export const journalVerifySchema = z.object({
  ok: z.boolean(),
  /** Records checked, up to the first break. */
  checked: z.number().int(),
  total: z.number().int(),
  first_break: journalBreakSchema.nullable(),
  /** The hash of the last record: note it down, and a rewritten chain shows too. */
  head: z.string().nullable(),
});
export type JournalVerify = z.infer<typeof journalVerifySchema>;

export const JOURNAL_MESSAGES = {
  intact: 'The journal is intact: no record was changed.',
  broken: 'A record was changed outside the console.',
} as const;
