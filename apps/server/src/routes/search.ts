import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchResponseSchema } from '@shop/contracts/search';
import { searchEverything } from '../services/search';
import { actorOf } from '../plugins/auth';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['search'],
        summary: 'The header search: up to 5 newest products, orders (Staff: their own) and customers matching q',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema },
      },
    },
    // Matching text scans tables, so it reads off the main thread on SQLite like the reports.
    async (request) => ({ data: await searchEverything(app.lists, request.query.q, actorOf(request)) }),
  );
};
