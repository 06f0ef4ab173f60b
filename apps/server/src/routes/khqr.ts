import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordResponseSchema } from '@shop/contracts/common';
import { khqrCodeSchema, khqrInputSchema, khqrStatusParamsSchema, khqrStatusSchema } from '@shop/contracts/khqr-api';
import { noPaymentConfirmer, type PaymentConfirmer } from '../lib/bakong';
import { actorOf } from '../plugins/auth';
import { createKhqr, khqrStatus } from '../services/khqr';

export const khqrRoutes: FastifyPluginAsyncZod<{ confirmer?: PaymentConfirmer }> = async (app, options) => {
  const confirmer = options.confirmer ?? noPaymentConfirmer;

  app.post(
    '/khqr',
    {
      config: { access: 'sales:create' },
      schema: {
        tags: ['sales'],
        summary: "A dynamic KHQR for an amount, from the shop's Bakong account (409 while KHQR is not set up or turned off)",
        body: khqrInputSchema,
        response: { 200: recordResponseSchema(khqrCodeSchema) },
      },
    },
    async (request) => ({ data: await createKhqr(app.services, request.body, actorOf(request), confirmer) }),
  );

  app.get(
    '/khqr/:md5/status',
    {
      config: { access: 'sales:create' },
      schema: {
        tags: ['sales'],
        summary: 'Whether Bakong has the payment of a KHQR, by its MD5 (checked is false without a Bakong API token)',
        params: khqrStatusParamsSchema,
        response: { 200: recordResponseSchema(khqrStatusSchema) },
      },
    },
    async (request) => ({ data: await khqrStatus(request.params.md5, confirmer) }),
  );
};
