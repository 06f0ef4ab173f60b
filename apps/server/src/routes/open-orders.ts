import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listResponseSchema, recordResponseSchema } from '@shop/contracts/common';
import {
  kitchenDoneSchema,
  kitchenTicketQuerySchema,
  kitchenTicketSchema,
  OPEN_ORDER_MESSAGES,
  openOrderAddSchema,
  openOrderInputSchema,
  openOrderListQuerySchema,
  openOrderPaySchema,
  openOrderSchema,
  openOrderVoidSchema,
} from '@shop/contracts/open-order';
import { saleSchema } from '@shop/contracts/sale';
import { actorOf } from '../plugins/auth';
import { listTickets, markDone, recallTicket } from '../services/kitchen';
import { addToOpenOrder, getOpenOrder, listOpenOrders, payOpenOrder, placeOpenOrder, voidOpenOrder } from '../services/open-orders';
import { idempotencyHeaders, keyOf, sendAnswer } from './idempotent';

/**
 * Open orders and the kitchen's boards (docs/decisions/0014-open-orders-and-the-kitchen.md):
 * whoever sells places, adds to, pays and voids orders at any till, and marks tickets done.
 */
export const openOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const sell = { access: 'sales:create' } as const;
  const orderAnswer = z.object({ data: openOrderSchema, message: z.string() });

  app.get(
    '/open-orders',
    { config: sell, schema: { tags: ['open orders'], summary: 'Open orders, the longest waiting first (or paid / voided ones)', querystring: openOrderListQuerySchema, response: { 200: listResponseSchema(openOrderSchema) } } },
    async (request) => listOpenOrders(app.services, request.query),
  );
  app.get(
    '/open-orders/:id',
    { config: sell, schema: { tags: ['open orders'], summary: 'One order with its lines', params: idParamsSchema, response: { 200: recordResponseSchema(openOrderSchema) } } },
    async (request) => ({ data: await getOpenOrder(app.services, request.params.id) }),
  );
  app.post(
    '/open-orders',
    {
      config: sell,
      schema: { tags: ['open orders'], summary: 'Park a cart under a table or a name; its lines go to their stations', headers: idempotencyHeaders, body: openOrderInputSchema, response: { 201: orderAnswer } },
    },
    async (request, reply) => sendAnswer(reply, await placeOpenOrder(app.services, request.body, actorOf(request), keyOf(request))),
  );
  app.post(
    '/open-orders/:id/lines',
    {
      config: sell,
      schema: { tags: ['open orders'], summary: 'Add lines to an open order (a new kitchen ticket)', headers: idempotencyHeaders, params: idParamsSchema, body: openOrderAddSchema, response: { 201: orderAnswer } },
    },
    async (request, reply) => sendAnswer(reply, await addToOpenOrder(app.services, request.params.id, request.body, actorOf(request), keyOf(request))),
  );
  app.post(
    '/open-orders/:id/pay',
    {
      config: sell,
      schema: {
        tags: ['open orders'],
        summary: 'Pay the open lines (or line_ids, one bill of a split) as one sale',
        headers: idempotencyHeaders,
        params: idParamsSchema,
        body: openOrderPaySchema,
        response: { 201: z.object({ data: saleSchema, order: openOrderSchema, message: z.string() }) },
      },
    },
    async (request, reply) => sendAnswer(reply, await payOpenOrder(app.services, request.params.id, request.body, actorOf(request), keyOf(request))),
  );
  app.post(
    '/open-orders/:id/void',
    { config: sell, schema: { tags: ['open orders'], summary: 'Void what is left of an order, with a reason', params: idParamsSchema, body: openOrderVoidSchema, response: { 200: orderAnswer } } },
    async (request) => ({ data: await voidOpenOrder(app.services, request.params.id, request.body, actorOf(request)), message: OPEN_ORDER_MESSAGES.voided }),
  );

  app.get(
    '/kitchen/tickets',
    { config: sell, schema: { tags: ['kitchen'], summary: "A station's board (open tickets, oldest first) or its latest done ones", querystring: kitchenTicketQuerySchema, response: { 200: z.object({ data: z.array(kitchenTicketSchema) }) } } },
    async (request) => ({ data: await listTickets(app.services, request.query) }),
  );
  app.post(
    '/kitchen/tickets/:id/done',
    { config: sell, schema: { tags: ['kitchen'], summary: 'Mark one item or the whole ticket made', params: idParamsSchema, body: kitchenDoneSchema, response: { 200: recordResponseSchema(kitchenTicketSchema) } } },
    async (request) => ({ data: await markDone(app.services, request.params.id, request.body.item_id) }),
  );
  app.post(
    '/kitchen/tickets/:id/recall',
    { config: sell, schema: { tags: ['kitchen'], summary: 'Put a done ticket back on the board', params: idParamsSchema, response: { 200: recordResponseSchema(kitchenTicketSchema) } } },
    async (request) => ({ data: await recallTicket(app.services, request.params.id) }),
  );
};
