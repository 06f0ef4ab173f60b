import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_KEY_SCOPE_REFERENCE } from '@shop/contracts/api-key-scopes';

type Parameter = { deprecated?: boolean; description?: string; schema?: { deprecated?: boolean; description?: string } };

/** A query parameter whose schema is a deprecated alias is itself marked deprecated, as OpenAPI readers expect. */
function liftDeprecatedParameters(paths: object | undefined): void {
  for (const operations of Object.values((paths ?? {}) as Record<string, Record<string, { parameters?: Parameter[] }>>)) {
    for (const operation of Object.values(operations)) {
      for (const parameter of operation.parameters ?? []) {
        if (!parameter.schema?.deprecated) continue;
        parameter.deprecated = true;
        parameter.description ??= parameter.schema.description;
      }
    }
  }
}

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
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A session token from `POST /api/login`, or an API key (`shk_…`) made with `POST /api/profile/api-keys`. ' +
              'A session ends at sign-out, after the idle time or at the lifetime set in Settings → General, and when its password changes. ' +
              `A key acts as its owner, within the owner's role and the key's scope. ${API_KEY_SCOPE_REFERENCE} ` +
              '`x-permission` names what each operation needs: `public`, `signed-in`, `own-account` (never a key) or a permission.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transformObject: (documents) => {
      if (!('openapiObject' in documents)) return documents.swaggerObject;
      liftDeprecatedParameters(documents.openapiObject.paths);
      return documents.openapiObject;
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      return { schema: { ...schema, [ACCESS_EXTENSION]: input.route.config?.access }, url };
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The reference is read on the shop's own network over plain HTTP too: asking the browser to
    // upgrade its assets to https would break it there.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/g, ''),
  });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
});
