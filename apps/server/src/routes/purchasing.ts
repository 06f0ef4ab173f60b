import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, recordResponseSchema } from '@shop/contracts/common';
import { supplierInputSchema, supplierListQuerySchema, supplierSchema } from '@shop/contracts/supplier';
import {
  supplyInputSchema,
  supplyItemInputSchema,
  supplyItemListQuerySchema,
  supplyItemSchema,
  supplyListQuerySchema,
  supplyListResponseSchema,
  supplySchema,
} from '@shop/contracts/supply';
import { actorOf } from '../plugins/auth';
import { sweepExpiringBatches } from '../services/notifications';
import * as suppliers from '../services/suppliers';
import * as supplies from '../services/supplies';
import * as supplyItems from '../services/supply-items';
import { crudRoutes } from './crud';

export const purchasingRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      path: '/suppliers',
      tag: 'purchasing',
      noun: 'supplier',
      listQuery: supplierListQuerySchema,
      input: supplierInputSchema,
      item: supplierSchema,
      readAccess: 'purchasing:manage',
      writeAccess: 'purchasing:manage',
      list: suppliers.listSuppliers,
      get: suppliers.getSupplier,
      create: suppliers.createSupplier,
      update: suppliers.updateSupplier,
      remove: suppliers.deleteSupplier,
    }),
  );

  await app.register(
    crudRoutes({
      path: '/supply-items',
      tag: 'purchasing',
      noun: 'supply item',
      listQuery: supplyItemListQuerySchema,
      input: supplyItemInputSchema,
      item: supplyItemSchema,
      readAccess: 'purchasing:manage',
      writeAccess: 'purchasing:manage',
      list: supplyItems.listSupplyItems,
      get: supplyItems.getSupplyItem,
      create: supplyItems.createSupplyItem,
      update: supplyItems.updateSupplyItem,
      remove: supplyItems.deleteSupplyItem,
    }),
  );

  const purchasing = { access: 'purchasing:manage' } as const;
  app.get(
    '/supplies',
    {
      config: purchasing,
      schema: {
        tags: ['purchasing'],
        summary: 'Supplies (and the purchase report): filters applied by the server, totals over the whole filtered set',
        querystring: supplyListQuerySchema,
        response: { 200: supplyListResponseSchema },
      },
    },
    async (request) => supplies.listSupplies(app.reports, request.query),
  );
  app.get(
    '/supplies/:id',
    {
      config: purchasing,
      schema: { tags: ['purchasing'], summary: 'One supply with its lines', params: idParamsSchema, response: { 200: recordResponseSchema(supplySchema) } },
    },
    async (request) => ({ data: await supplies.getSupply(app.services, request.params.id) }),
  );
  app.post(
    '/supplies',
    {
      config: purchasing,
      schema: {
        tags: ['purchasing'],
        summary: 'Receive a supply: the supply, its lines and their stock receipts in one transaction',
        body: supplyInputSchema,
        response: { 201: recordResponseSchema(supplySchema) },
      },
    },
    async (request, reply) => {
      const data = await supplies.createSupply(app.services, request.body, actorOf(request));
      // Stock that arrives already close to its date is worth telling managers about now, not at the next hourly sweep.
      await sweepExpiringBatches(app.services);
      return reply.status(201).send({ data });
    },
  );
};
