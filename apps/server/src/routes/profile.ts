import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listResponseSchema, messageResponseSchema, recordResponseSchema } from '@shop/contracts/common';
import {
  PROFILE_MESSAGES,
  accountDeleteSchema,
  activityQuerySchema,
  activitySchema,
  apiKeyCreateSchema,
  apiKeyCreatedSchema,
  apiKeySchema,
  emailChangeSchema,
  notifyPreferencesSchema,
  passwordChangeSchema,
  profileSchema,
  profileUpdateSchema,
  sessionSchema,
  twoFaToggleResponseSchema,
  twoFaToggleSchema,
} from '@shop/contracts/profile';
import { APPROVAL_MESSAGES, pinChangeSchema } from '@shop/contracts/approval';
import { API_KEY_SCOPE_REFERENCE } from '@shop/contracts/api-key-scopes';
import { userSchema } from '@shop/contracts/user';
import { currentSession, currentUser } from '../plugins/auth';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys';
import * as profile from '../services/profile';
import { listSessions, revokeOwnSession, revokeUserSessions } from '../services/sessions';
import { toggleTwoFactor } from '../services/two-factor';

/**
 * The signed-in user's own account (docs/screens.md, "Profile"). Reading it is `signed-in`;
 * changing it or its security is `own-account`, which needs a real session, never an API key.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];
  const own = { access: 'signed-in' } as const;
  const account = { access: 'own-account' } as const;

  app.get('/profile', { config: own, schema: { tags, summary: 'My profile', response: { 200: recordResponseSchema(profileSchema) } } }, async (request) => ({
    data: await profile.getProfile(app.services, currentUser(request)),
  }));

  app.put(
    '/profile',
    {
      config: account,
      schema: {
        tags,
        summary: 'Save my name, phone, avatar and bio (and role, for an Admin)',
        body: profileUpdateSchema,
        response: { 200: z.object({ data: profileSchema, message: z.string() }) },
      },
    },
    async (request) => ({
      data: await profile.updateProfile(app.services, currentUser(request), request.body),
      message: PROFILE_MESSAGES.updated,
    }),
  );

  app.put(
    '/profile/email',
    { config: account, schema: { tags, summary: 'Change my e-mail', body: emailChangeSchema, response: { 200: z.object({ data: userSchema, message: z.string() }) } } },
    async (request) => {
      const { user } = currentSession(request);
      return { data: await profile.changeEmail(app.services, user, request.body.email), message: PROFILE_MESSAGES.emailUpdated };
    },
  );

  app.put(
    '/profile/password',
    { config: account, schema: { tags, summary: 'Change my password (signs out my other sessions and revokes my API keys unless keep_api_keys)', body: passwordChangeSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      const { user, sessionId } = currentSession(request);
      await profile.changePassword(app.services, user, sessionId, request.body);
      return { message: PROFILE_MESSAGES.passwordUpdated };
    },
  );

  app.put(
    '/profile/pin',
    {
      config: account,
      schema: { tags, summary: 'Set, change or remove (pin: null) my till PIN for approving at the till (Managers and Admins; asks for my password)', body: pinChangeSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await profile.changePin(app.services, currentSession(request).user, request.body);
      return { message: request.body.pin === null ? APPROVAL_MESSAGES.pinRemoved : APPROVAL_MESSAGES.pinSet };
    },
  );

  app.post(
    '/profile/twofa/toggle',
    { config: account, schema: { tags, summary: 'Turn two-step sign-in on or off', body: twoFaToggleSchema, response: { 200: twoFaToggleResponseSchema } } },
    async (request) => toggleTwoFactor(app.services, currentSession(request).user, request.body),
  );

  app.put(
    '/profile/notifications',
    {
      config: own,
      schema: {
        tags,
        summary: 'Save my notification channels and topics',
        body: notifyPreferencesSchema,
        response: { 200: z.object({ data: notifyPreferencesSchema, message: z.string() }) },
      },
    },
    async (request) => ({
      data: await profile.updateNotifyPreferences(app.services, currentUser(request), request.body),
      message: PROFILE_MESSAGES.notifyUpdated,
    }),
  );

  app.get(
    '/profile/sessions',
    { config: account, schema: { tags, summary: 'My signed-in sessions', response: { 200: z.object({ data: z.array(sessionSchema) }) } } },
    async (request) => {
      const { user, sessionId } = currentSession(request);
      return { data: await listSessions(app.services, user.id, sessionId) };
    },
  );

  app.delete(
    '/profile/sessions/:id',
    { config: account, schema: { tags, summary: 'Sign out one of my sessions', params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await revokeOwnSession(app.services, currentSession(request).user.id, request.params.id);
      return { message: PROFILE_MESSAGES.sessionRevoked };
    },
  );

  app.post(
    '/profile/sessions/revoke-others',
    { config: account, schema: { tags, summary: 'Sign out all my sessions but this one', response: { 200: z.object({ message: z.string(), revoked: z.number().int() }) } } },
    async (request) => {
      const { user, sessionId } = currentSession(request);
      return { message: PROFILE_MESSAGES.othersRevoked, revoked: await revokeUserSessions(app.services, user.id, sessionId) };
    },
  );

  app.get(
    '/profile/api-keys',
    { config: account, schema: { tags, summary: 'My API keys (masked)', response: { 200: z.object({ data: z.array(apiKeySchema) }) } } },
    async (request) => ({ data: await listApiKeys(app.services, currentSession(request).user.id) }),
  );

  app.post(
    '/profile/api-keys',
    {
      config: account,
      schema: {
        tags,
        summary: 'Create an API key: the whole key is in this answer only',
        description: `A key acts as you, within your role and the scope chosen here (\`read\` when left out). ${API_KEY_SCOPE_REFERENCE}`,
        body: apiKeyCreateSchema,
        response: { 201: z.object({ data: apiKeyCreatedSchema, message: z.string() }) },
      },
    },
    async (request, reply) => {
      const data = await createApiKey(app.services, currentSession(request).user.id, request.body);
      return reply.code(201).send({ data, message: PROFILE_MESSAGES.keyCreated });
    },
  );

  app.delete(
    '/profile/api-keys/:id',
    { config: account, schema: { tags, summary: 'Revoke one of my API keys', params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await revokeApiKey(app.services, currentSession(request).user.id, request.params.id);
      return { message: PROFILE_MESSAGES.keyRevoked };
    },
  );

  app.get(
    '/profile/activity',
    { config: own, schema: { tags, summary: 'What I have done, newest first', querystring: activityQuerySchema, response: { 200: listResponseSchema(activitySchema) } } },
    async (request) => profile.listActivity(app.services, currentUser(request).id, request.query),
  );

  app.post(
    '/profile/deactivate',
    { config: account, schema: { tags, summary: 'Deactivate my account and sign out everywhere', response: { 200: messageResponseSchema } } },
    async (request) => {
      await profile.deactivateSelf(app.services, currentSession(request).user);
      return { message: PROFILE_MESSAGES.deactivated };
    },
  );

  app.delete(
    '/profile',
    { config: account, schema: { tags, summary: 'Delete my account (asks for the password)', body: accountDeleteSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await profile.deleteSelf(app.services, currentSession(request).user, request.body.password);
      return { message: PROFILE_MESSAGES.deleted };
    },
  );
};
