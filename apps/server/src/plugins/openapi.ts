import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** An operation's extension naming what its caller needs (`public`, `signed-in` or a permission). */
export const ACCESS_EXTENSION = 'x-permission';

/**
 * The API describes itself from the same zod schemas it validates with, and says of every
 * operation what access it needs, read from the route's own declaration.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop console API', version: '1.0.0', description: 'JSON API behind the shop console.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      return { schema: { ...schema, [ACCESS_EXTENSION]: input.route.config?.access }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
});
