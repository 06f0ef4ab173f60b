import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listResponseSchema } from '@shop/contracts/common';
import { userListQuerySchema, userSchema } from '@shop/contracts/user';
import { requireRole } from '../plugins/auth';
import { listUsers } from '../services/list-users';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      preHandler: requireRole('Admin'),
      schema: {
        tags: ['users'],
        summary: 'Staff accounts (Admin)',
        querystring: userListQuerySchema,
        response: { 200: listResponseSchema(userSchema) },
      },
    },
    async (request) => listUsers(app.services, request.query),
  );
};
