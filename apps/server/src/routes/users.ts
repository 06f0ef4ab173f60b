import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listResponseSchema, messageResponseSchema } from '@shop/contracts/common';
import {
  USER_MESSAGES,
  staffAccountSchema,
  userCreateSchema,
  userListQuerySchema,
  userPasswordSchema,
  userSchema,
  userUpdateSchema,
} from '@shop/contracts/user';
import { actorOf } from '../plugins/auth';
import * as accounts from '../services/accounts';

const userAnswer = z.object({ data: userSchema, message: z.string() });

/** Staff accounts, for Admins (the Users screen). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { access: 'users:manage' } as const;
  const tags = ['users'];

  app.get(
    '/users',
    { config, schema: { tags, summary: 'Staff accounts (Admin)', querystring: userListQuerySchema, response: { 200: listResponseSchema(staffAccountSchema) } } },
    async (request) => accounts.listStaffAccounts(app.services, request.query),
  );

  app.post(
    '/users',
    { config, schema: { tags, summary: 'Add a staff account with a first password', body: userCreateSchema, response: { 201: userAnswer } } },
    async (request, reply) =>
      reply.code(201).send({ data: await accounts.createStaffAccount(app.services, request.body, actorOf(request)), message: USER_MESSAGES.created }),
  );

  app.put(
    '/users/:id',
    { config, schema: { tags, summary: "Change a staff account's name, e-mail or role", params: idParamsSchema, body: userUpdateSchema, response: { 200: userAnswer } } },
    async (request) => ({
      data: await accounts.updateStaffAccount(app.services, request.params.id, request.body, actorOf(request)),
      message: USER_MESSAGES.updated,
    }),
  );

  const stateChanges = [
    ['approve', 'Approve a sign-up', accounts.approveSignUp, USER_MESSAGES.approved],
    ['deactivate', 'Deactivate an account (signs it out everywhere)', accounts.deactivateStaffAccount, USER_MESSAGES.deactivated],
    ['reactivate', 'Reactivate an account', accounts.reactivateStaffAccount, USER_MESSAGES.reactivated],
    ['reset-2fa', 'Turn off two-step sign-in for someone who lost their phone', accounts.resetStaffTwoFactor, USER_MESSAGES.twoFaReset],
  ] as const;
  for (const [path, summary, change, message] of stateChanges) {
    app.post(
      `/users/:id/${path}`,
      { config, schema: { tags, summary, params: idParamsSchema, response: { 200: userAnswer } } },
      async (request) => ({ data: await change(app.services, request.params.id, actorOf(request)), message }),
    );
  }

  app.post(
    '/users/:id/reject',
    { config, schema: { tags, summary: 'Reject a sign-up (removes the request)', params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await accounts.rejectSignUp(app.services, request.params.id, actorOf(request));
      return { message: USER_MESSAGES.rejected };
    },
  );

  app.put(
    '/users/:id/password',
    { config, schema: { tags, summary: 'Set a new password for a staff account', params: idParamsSchema, body: userPasswordSchema, response: { 200: userAnswer } } },
    async (request) => ({
      data: await accounts.setStaffPassword(app.services, request.params.id, request.body.password, actorOf(request)),
      message: USER_MESSAGES.passwordSet,
    }),
  );
};
