import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, loginAnswerSchema, loginRequestSchema, meResponseSchema, signUpRequestSchema } from '@shop/contracts/auth';
import { messageResponseSchema } from '@shop/contracts/common';
import { currentSession, currentUser } from '../plugins/auth';
import { signIn, signOut, signUp } from '../services/sign-in';
import { toUser } from '../services/users';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit: { max: app.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password (and the code of two-step sign-in when the account uses it)',
        description: 'An account with two-step sign-in answers `two_factor_required: true` until the request carries `code`.',
        security: [],
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const result = await signIn(app.services, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      if ('twoFactorRequired' in result) return { two_factor_required: true as const, message: AUTH_MESSAGES.codeRequired };
      return { access_token: result.token, token_type: 'Bearer' as const, user: result.user };
    },
  );

  app.post(
    '/signup',
    {
      config: { access: 'public', rateLimit: { max: app.loginRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Ask for an account: a Staff account that waits for an Admin to approve it',
        security: [],
        body: signUpRequestSchema,
        response: { 201: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await signUp(app.services, request.body);
      return reply.code(201).send({ message: AUTH_MESSAGES.signedUp });
    },
  );

  app.post(
    '/logout',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], summary: 'Revoke the current session', response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user, sessionId } = currentSession(request);
      await signOut(app.services, sessionId, user.id);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  app.get(
    '/me',
    { config: { access: 'signed-in' }, schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: meResponseSchema } } },
    async (request) => ({ data: toUser(currentUser(request)) }),
  );
};
