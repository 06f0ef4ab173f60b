import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordResponseSchema } from '@shop/contracts/common';
import {
  expiringListResponseSchema,
  expiringQuerySchema,
  stockAdjustmentInputSchema,
  stockAdjustmentSchema,
  stockListQuerySchema,
  stockListResponseSchema,
  stockRecordInputSchema,
  stockRecordSchema,
} from '@shop/contracts/stock';
import { actorOf } from '../plugins/auth';
import { sweepExpiringBatches } from '../services/notifications';
import { adjustStock, listExpiringBatches } from '../services/stock-adjustments';
import { createStockRecord, listStockRecords } from '../services/stock-records';

export const stockRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { access: 'stock:manage' } as const;
  const read = { access: 'signed-in' } as const;

  app.get(
    '/stocks',
    {
      config: read,
      schema: {
        tags: ['stock'],
        summary: 'Stock records (receipts), with totals over the filtered set',
        querystring: stockListQuerySchema,
        response: { 200: stockListResponseSchema },
      },
    },
    async (request) => listStockRecords(app.services, request.query, actorOf(request)),
  );
  app.post(
    '/stocks',
    {
      config: manage,
      schema: { tags: ['stock'], summary: 'Record a manual receipt', body: stockRecordInputSchema, response: { 201: recordResponseSchema(stockRecordSchema) } },
    },
    async (request, reply) => {
      const data = await createStockRecord(app.services, request.body, actorOf(request));
      // Stock that arrives already close to its date is worth telling managers about now, not at the next hourly sweep.
      await sweepExpiringBatches(app.services);
      return reply.status(201).send({ data });
    },
  );
  app.post(
    '/stock-adjustments',
    {
      config: manage,
      schema: {
        tags: ['stock'],
        summary: 'Correct a count, record waste or write off expired stock',
        body: stockAdjustmentInputSchema,
        response: { 201: recordResponseSchema(stockAdjustmentSchema) },
      },
    },
    async (request, reply) => {
      const data = await adjustStock(app.services, request.body, actorOf(request));
      return reply.status(201).send({ data });
    },
  );
  app.get(
    '/expiring-batches',
    {
      config: read,
      schema: {
        tags: ['stock'],
        summary: 'Batches with stock left that expire within N days or have expired',
        querystring: expiringQuerySchema,
        response: { 200: expiringListResponseSchema },
      },
    },
    async (request) => listExpiringBatches(app.services, request.query, actorOf(request)),
  );
};
