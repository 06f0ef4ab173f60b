import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordResponseSchema } from '@shop/contracts/common';
import { posCatalogQuerySchema, posCatalogSchema } from '@shop/contracts/pos';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { acceptedEncoding, sharedBodies } from '../lib/shared-body';
import { getPosCatalog, readPosCatalog } from '../services/pos-catalog';

const catalogAnswerSchema = recordResponseSchema(posCatalogSchema);

export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  // The whole catalogue as the route's schema serialises it, shared by the tills that ask for the same version.
  const serialize = serializerCompiler({ schema: catalogAnswerSchema, method: 'GET', url: '/pos/catalog' });
  const wholeCatalog = sharedBodies((catalog) => serialize({ data: catalog }));
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
        response: { 200: catalogAnswerSchema, 304: z.null().describe('Nothing changed since the version named by If-None-Match') },
      },
    },
    async (request, reply) => {
      const answer = await readPosCatalog(app.services, request.query, request.headers['if-none-match']);
      reply.header('etag', answer.tag).header('cache-control', 'no-store');
      if (answer.unchanged) return reply.code(304).send(null);
      if ('catalog' in answer) return { data: answer.catalog };
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      const body = await wholeCatalog(answer.tag, () => getPosCatalog(app.services, answer.whole), encoding);
      reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      // Already the schema's own serialisation (or its compressed bytes): sent as it is.
      return reply.send(body as never);
    },
  );
};
