import { API_MESSAGES } from '@shop/contracts/http';

/*
 * A refusal meant for the client, as a value: a named code (which fixes the HTTP status), the
 * message, and optionally the fields it is about, headers, or the rest of a typed answer the
 * contracts define (a 409 "prices changed" carries the current prices). Services throw these;
 * the error handler turns them into `{ message, errors? , ...details }`.
 */

const STATUS = {
  bad_request: 400,
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  prices_changed: 409,
  out_of_stock: 409,
  shift_required: 409,
  difference_needs_approval: 409,
  rate_limited: 429,
} as const;

export type ErrorCode = keyof typeof STATUS;

export interface ProblemOptions {
  /** The one field the message is about: it is also put there, as `errors: { field: [message] }`. */
  field?: string;
  /** Messages per field (a form shows each on its field). */
  errors?: Record<string, string[]>;
  headers?: Record<string, string>;
  /** More of the answer beside the message, in a shape the contracts define. */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ProblemOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS[code];
    this.errors = options.field ? { [options.field]: [message], ...options.errors } : options.errors;
    this.headers = options.headers;
    this.details = options.details;
  }
}

export const badRequest = (message: string, options?: ProblemOptions) => new AppError('bad_request', message, options);
export const unprocessable = (message: string, options?: ProblemOptions) => new AppError('invalid', message, options);
export const unauthenticated = (message: string = API_MESSAGES.unauthenticated, options?: ProblemOptions) => new AppError('unauthenticated', message, options);
export const forbidden = (message: string = API_MESSAGES.forbidden, options?: ProblemOptions) => new AppError('forbidden', message, options);
export const notFound = (message: string = API_MESSAGES.notFound) => new AppError('not_found', message);
export const conflict = (message: string, options?: ProblemOptions) => new AppError('conflict', message, options);
/** 429 with the wait in the Retry-After header and in the body (`retry_after`, seconds) for clients to word it themselves. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('rate_limited', message, {
    headers: { 'retry-after': String(Math.ceil(retryAfterSeconds)) },
    details: { retry_after: Math.ceil(retryAfterSeconds) },
  });

/** The first message of a set of field errors, for the answer's own message. */
export const firstMessage = (errors: Record<string, string[]>, fallback: string = API_MESSAGES.invalid) => Object.values(errors)[0]?.[0] ?? fallback;

/** A 422 for several fields at once; nothing when there is nothing to say. */
export function refuseFields(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length) throw unprocessable(firstMessage(errors), { errors });
}
