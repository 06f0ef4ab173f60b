import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, loginRequestSchema, loginResponseSchema, meResponseSchema } from '@shop/contracts/auth';
import { messageResponseSchema } from '@shop/contracts/common';
import { currentUser } from '../plugins/auth';
import { signIn, signOut } from '../services/sign-in';
import { toUser } from '../services/users';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { public: true, rateLimit: { max: app.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        security: [],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request) => {
      const { token, user } = await signIn(app.services, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return { access_token: token, token_type: 'Bearer' as const, user };
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: messageResponseSchema } } },
    async (request) => {
      const auth = request.auth!;
      await signOut(app.services, auth.sessionId, auth.user.id);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.get(
    '/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponseSchema } } },
    async (request) => ({ data: toUser(currentUser(request)) }),
  );
};
