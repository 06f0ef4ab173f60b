import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordResponseSchema } from '@shop/contracts/common';
import { posCatalogSchema } from '@shop/contracts/pos';
import { getPosCatalog } from '../services/pos-catalog';

export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pos/catalog',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['sales'],
        summary: "The till's catalogue: active products with stock and today's best promotion, in one answer",
        response: { 200: recordResponseSchema(posCatalogSchema) },
      },
    },
    async () => ({ data: await getPosCatalog(app.services) }),
  );
};
