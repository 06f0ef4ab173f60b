import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordResponseSchema } from '@shop/contracts/common';
import { posCatalogQuerySchema, posCatalogSchema } from '@shop/contracts/pos';
import { readPosCatalog } from '../services/pos-catalog';

export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pos/catalog',
    {
      config: { access: 'signed-in' },
      // Tens of thousands of products compress about tenfold (docs/decisions/0016-offline-selling.md, "A big catalogue").
      compress: {},
      schema: {
        tags: ['sales'],
        summary: "The till's catalogue: active products with stock and today's best promotion, whole or what changed since a version",
        description: 'Every answer carries an ETag; `If-None-Match` with it is answered 304 while nothing changed.',
        querystring: posCatalogQuerySchema,
        response: { 200: recordResponseSchema(posCatalogSchema), 304: z.null().describe('Nothing changed since the version named by If-None-Match') },
      },
    },
    async (request, reply) => {
      const answer = await readPosCatalog(app.services, request.query, request.headers['if-none-match']);
      reply.header('etag', answer.tag).header('cache-control', 'no-store');
      if (answer.unchanged) return reply.code(304).send(null);
      return { data: answer.catalog };
    },
  );
};
