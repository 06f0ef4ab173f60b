/*
 * The API's conventions a client needs from its first frame: plain values, no schemas, so the
 * till loads them without zod (docs/decisions/0016-offline-selling.md).
 */

/** The header that makes a write safe to retry: the same key and request are recorded once. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const API_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: "Forbidden — you don't have permission.",
  notFound: 'Not found.',
  invalid: 'The given data was invalid.',
  serverError: 'Something went wrong on the server. Please try again.',
  reportTooLong: 'This report took too long to read. Choose a shorter period and try again.',
} as const;
