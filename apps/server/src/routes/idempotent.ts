import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@shop/contracts/http';
import { SALE_MESSAGES } from '@shop/contracts/sale';
import { badRequest } from '../lib/errors';
import type { IdempotentAnswer } from '../services/idempotency';

/* The Idempotency-Key of writes a till may retry: sales, refunds, payments, drawer movements (docs/decisions/0004-idempotency-keys.md). */

export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 200 characters.')
    .max(200, 'Idempotency-Key must be 8 to 200 characters.')
    .optional(),
});

/** How many times the client sent the header: Node joins repeated ones into one value ("a, b"). */
const timesSent = (request: FastifyRequest, name: string) =>
  request.raw.rawHeaders.filter((header, index) => index % 2 === 0 && header.toLowerCase() === name).length;

export const keyOf = (request: FastifyRequest) => {
  if (timesSent(request, IDEMPOTENCY_KEY_HEADER) > 1) throw badRequest(SALE_MESSAGES.oneIdempotencyKey, { field: 'idempotency-key' });
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  return (typeof value === 'string' ? value.trim() : '') || null;
};

export function sendAnswer<T>(reply: FastifyReply, answer: IdempotentAnswer<T>) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}

