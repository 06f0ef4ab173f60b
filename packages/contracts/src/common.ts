import { z } from 'zod';

export const MAX_PER_PAGE = 1000;

/**
 * Marks a field as another name for a canonical one: still accepted or still sent, shown as
 * deprecated in the OpenAPI document (docs/decisions/0005-readings-of-the-requirements.md).
 */
export function alias<T extends z.ZodType>(schema: T, canonical: string): T {
  return schema.meta({ deprecated: true, description: `Deprecated alias of \`${canonical}\`.` });
}

export const ROLE_NAMES = ['Admin', 'Manager', 'Staff'] as const;
export const roleSchema = z.enum(ROLE_NAMES);
export type Role = z.infer<typeof roleSchema>;

/** Ids and counts fit a 32-bit integer column on both databases. */
export const MAX_INT = 2_147_483_647;

/**
 * A whole number written in a URL: plain digits only, so ' 1', '1e3' or '0x10' are refused
 * rather than read as some other record's id. Numbers pass through for callers that already have one.
 */
export function urlInteger(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^-?\d{1,12}$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).max(MAX_INT, message),
  );
}

export const idParamsSchema = z.object({
  id: urlInteger('Id must be a whole number.').pipe(z.number().positive('Id must be a positive number.')),
});

/** Query parameters every list endpoint accepts. */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search text is too long.').optional(),
  page: urlInteger('Page must be a whole number.').pipe(z.number().min(1, 'Page must be at least 1.')).default(1),
  per_page: urlInteger('Per page must be a whole number.')
    .pipe(z.number().min(1, 'Per page must be at least 1.').max(MAX_PER_PAGE, `Per page must be at most ${MAX_PER_PAGE}.`))
    .default(15),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listMetaSchema = z.object({
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

export function recordResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** The fixed texts of every endpoint (docs/architecture.md, "API conventions"). */

/** Optional free text: trimmed, and `null` when left empty (the API never stores ""). */
export function optionalText(max: number, label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Required text: trimmed, not blank. */
export function requiredText(max: number, label: string, requiredMessage = `${label} is required.`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters.`);
}

/** An optional http(s) address, `null` when empty. */
export function optionalHttpUrl(label: string) {
  return optionalText(2048, label).refine((value) => value === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value), {
    message: `${label} must be an http(s) URL.`,
  });
}

/** The dates a shop's records can carry: far dates (9999-12-31) would overflow the date arithmetic of reports. */
export const DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const;
export const DATE_RANGE_MESSAGE = `Use a date between ${DATE_RANGE.min} and ${DATE_RANGE.max}.`;

/** A calendar date as `YYYY-MM-DD` that exists (no 2026-02-30), within DATE_RANGE. */
export const calendarDateSchema = z
  .string({ error: 'Enter a date as YYYY-MM-DD.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Enter a real calendar date.')
  .refine((value) => value >= DATE_RANGE.min && value <= DATE_RANGE.max, DATE_RANGE_MESSAGE);

/** A yes/no list filter as the console sends it: `1`/`0` (also `true`/`false`). */
export const booleanFilterSchema = z
  .enum(['1', '0', 'true', 'false'], { error: 'Use 1 or 0.' })
  .transform((value) => value === '1' || value === 'true');

/** An optional id filter in a query string (`category_id=3`); empty means no filter. */
export const optionalIdFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  urlInteger('Use a whole number id.').pipe(z.number().positive('Use a positive id.')).optional(),
);

/** A reference to another record in a request body. */
export function referenceId(requiredMessage: string) {
  return z.number({ error: requiredMessage }).int(requiredMessage).positive(requiredMessage);
}

/** An optional YYYY-MM-DD filter in a query string; empty means no filter. */
export const optionalDateFilterSchema = z.preprocess((value) => (value === '' ? undefined : value), calendarDateSchema.optional());

/** An optional choice filter; empty or 'All' (the screens' first option) means no filter. */
export function optionalChoiceFilter<T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.preprocess(
    (value) => (value === '' || value === 'All' ? undefined : value),
    z.enum(values, { error: `${label} must be one of ${values.join(', ')}.` }).optional(),
  );
}

/** A from/to pair must not run backwards: `.refine(...fromNotAfterTo)`. */
export const fromNotAfterTo: [(query: { from?: string | undefined; to?: string | undefined }) => boolean, { message: string; path: string[] }] = [
  (query) => !query.from || !query.to || query.from <= query.to,
  { message: 'From must be on or before To.', path: ['from'] },
];
