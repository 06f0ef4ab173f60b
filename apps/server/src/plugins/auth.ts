import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_MESSAGES, type Role } from '@shop/contracts/common';
import { PROFILE_MESSAGES } from '@shop/contracts/profile';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { API_KEY_PATTERN, findUserByApiKey } from '../services/api-keys';
import { findSessionByToken } from '../services/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token (sign-in, health). */
    public?: boolean;
  }
  interface FastifyRequest {
    /** A signed-in session, or an API key acting as its owner (then sessionId is null). */
    auth: { user: UserRow; sessionId: number | null; apiKeyId: number | null } | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** Every /api route needs a live session unless its config says `public: true`. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.is404 || request.routeOptions.config.public) return;
    const token = bearerToken(request);
    if (token && API_KEY_PATTERN.test(token)) {
      const key = await findUserByApiKey(app.services, token);
      if (!key) throw new AppError(401, API_MESSAGES.unauthenticated);
      request.auth = { user: key.user, sessionId: null, apiKeyId: key.apiKeyId };
      return;
    }
    const session = token ? await findSessionByToken(app.services, token) : null;
    if (!session) throw new AppError(401, API_MESSAGES.unauthenticated);
    request.auth = { user: session.user, sessionId: session.sessionId, apiKeyId: null };
  });
});

/**
 * The signed-in session of a route that changes the account's own security (password, 2FA,
 * sessions, keys): an API key may not, so a leaked key cannot lock its owner out.
 */
export function currentSession(request: FastifyRequest): { user: UserRow; sessionId: number } {
  const user = currentUser(request);
  const sessionId = request.auth?.sessionId;
  if (sessionId == null) throw new AppError(403, PROFILE_MESSAGES.keysNeedSession);
  return { user, sessionId };
}

/** The signed-in user of an authenticated route (the auth hook has already run). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError(401, API_MESSAGES.unauthenticated);
  return request.auth.user;
}

/** A route option: only these roles may call it, others get 403. */
export function requireRole(...roles: Role[]): preValidationAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!roles.includes(currentUser(request).role)) throw new AppError(403, API_MESSAGES.forbidden);
  };
}
