import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_MESSAGES } from '@shop/contracts/http';
import { AppError, firstMessage } from '../lib/errors';
import { isStatementTimeout } from '../db/errors';

/** Groups zod issues by field: `items.0.quantity` → ["Quantity must be > 0."]. */
function fieldErrors(issues: { instancePath: string; message?: string }[], context: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = field
      ? (issue.message ?? 'Invalid value.')
      : context === 'body'
        ? 'Send a JSON object as the request body.'
        : `The ${context} is invalid.`;
    (errors[field || context] ??= []).push(message);
  }
  return errors;
}

const NUL_MESSAGE = 'Text cannot contain the NUL character.';

/** Where the first text holding U+0000 sits (`items.0.notes`), or null. */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One shape for every failure: `{message}` (plus `errors` on 422). Client mistakes keep their 4xx;
 * anything else is logged and answered with a plain 500 that leaks nothing.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  // PostgreSQL text cannot hold U+0000 at all, so it is refused up front, alike on both databases.
  app.addHook('preHandler', async (request, reply) => {
    const field = nulPath(request.query, '') ?? nulPath(request.body, '');
    if (field === null) return;
    return reply.status(422).send({ message: NUL_MESSAGE, errors: { [field || 'body']: [NUL_MESSAGE] } });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A failure after a CSV download began must still answer as JSON.
    reply.header('content-type', 'application/json; charset=utf-8').removeHeader('content-disposition');
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ ...error.details, message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation, error.validationContext ?? 'body');
      return reply.status(422).send({ message: firstMessage(errors), errors });
    }
    if (error.code === 'FST_ERR_RESPONSE_SERIALIZATION') {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: API_MESSAGES.serverError });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request body as JSON (Content-Type: application/json).'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty; send a JSON object.'
              : error.message;
      return reply.status(status).send({ message });
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error }, 'report statement stopped at its time limit');
      return reply.status(503).send({ message: API_MESSAGES.reportTooLong });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: API_MESSAGES.serverError });
  });
});
