import { shiftRequiredAnswerSchema } from '@shop/contracts/shift';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageResponseSchema, recordResponseSchema } from '@shop/contracts/common';
import {
  outOfStockAnswerSchema,
  pricesChangedAnswerSchema,
  refundInputSchema,
  saleCreatedResponseSchema,
  saleInputSchema,
  saleListQuerySchema,
  saleListResponseSchema,
  saleSchema,
} from '@shop/contracts/sale';
import { settleInputSchema } from '@shop/contracts/payment';
import { offlineFlagListQuerySchema, offlineFlagListResponseSchema } from '@shop/contracts/offline-sale';
import { actorOf } from '../plugins/auth';
import { checkout } from '../services/checkout';
import { listOfflineFlags } from '../services/offline-sales';
import { refundSale } from '../services/refunds';
import { getSale, listSales } from '../services/sales';
import { settleSale } from '../services/settlements';
import { idempotencyHeaders, keyOf, sendAnswer } from './idempotent';

export const saleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sales',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['sales'],
        summary: 'Sales, newest first, with totals over the whole filtered set (Staff see their own)',
        querystring: saleListQuerySchema,
        response: { 200: saleListResponseSchema },
      },
    },
    async (request) => listSales(app.reports, request.query, actorOf(request)),
  );

  app.get(
    '/sales/offline-review',
    {
      config: { access: 'reports:view' },
      schema: {
        tags: ['sales'],
        summary: 'What differed on sales made offline (stock sold short, another price, a closed shift), newest first',
        querystring: offlineFlagListQuerySchema,
        response: { 200: offlineFlagListResponseSchema },
      },
    },
    async (request) => listOfflineFlags(app.lists, request.query),
  );

  app.get(
    '/sales/:id',
    { config: { access: 'signed-in' }, schema: { tags: ['sales'], summary: 'One sale with its lines and refunds', params: idParamsSchema, response: { 200: recordResponseSchema(saleSchema) } } },
    async (request) => ({ data: await getSale(app.services, request.params.id, actorOf(request)) }),
  );

  app.post(
    '/sales',
    {
      config: { access: 'sales:create' },
      schema: {
        tags: ['sales'],
        summary: 'Ring up a sale in one transaction; an Idempotency-Key makes retries safe. A sale made offline is recorded once, at the till’s prices',
        headers: idempotencyHeaders,
        body: saleInputSchema,
        response: {
          201: saleCreatedResponseSchema,
          409: pricesChangedAnswerSchema
            .describe('Prices changed: the catalogue figures to refresh the cart with')
            .or(outOfStockAnswerSchema.describe('Too few sellable units; expired ones are counted apart'))
            .or(shiftRequiredAnswerSchema.describe('The till has no open shift and the shop requires one'))
            .or(messageResponseSchema),
        },
      },
    },
    async (request, reply) => sendAnswer(reply, await checkout(app.services, { input: request.body, idempotencyKey: keyOf(request), viewer: actorOf(request) })),
  );

  app.post(
    '/sales/:id/refunds',
    {
      // Anyone who sells; a cashier without `sales:refund` brings a Manager's approval (services/approvals.ts).
      config: { access: 'sales:create' },
      schema: {
        tags: ['sales'],
        summary: 'Refund some or all lines of a sale (a new document; stock goes back)',
        headers: idempotencyHeaders,
        params: idParamsSchema,
        body: refundInputSchema,
        response: { 201: saleCreatedResponseSchema.extend({ refund: z.object({ id: z.number().int(), code: z.string(), amount: z.number() }) }) },
      },
    },
    async (request, reply) =>
      sendAnswer(reply, await refundSale(app.services, request.params.id, request.body, keyOf(request), actorOf(request))),
  );

  app.post(
    '/sales/:id/payments',
    {
      config: { access: 'sales:create' },
      schema: {
        tags: ['sales'],
        summary: 'Take a payment against a sale left partly unpaid (on account); Paid once nothing is owed',
        headers: idempotencyHeaders,
        params: idParamsSchema,
        body: settleInputSchema,
        response: {
          201: saleCreatedResponseSchema.extend({
            change: z.object({ change: z.number(), change_usd: z.number(), change_khr: z.number().int(), change_all_khr: z.number().int() }),
          }),
        },
      },
    },
    async (request, reply) => sendAnswer(reply, await settleSale(app.services, request.params.id, request.body, keyOf(request), actorOf(request))),
  );
};
