import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_MESSAGES, type Role } from '@shop/contracts/common';
import type { UserRow } from '../db/schema';
import { AppError } from '../lib/errors';
import { findSessionByToken } from '../services/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a bearer token (sign-in, health). */
    public?: boolean;
  }
  interface FastifyRequest {
    auth: { user: UserRow; sessionId: number } | null;
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
    const session = token ? await findSessionByToken(app.services, token) : null;
    if (!session) throw new AppError(401, API_MESSAGES.unauthenticated);
    request.auth = { user: session.user, sessionId: session.sessionId };
  });
});

/** The signed-in user of an authenticated route (the auth hook has already run). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError(401, API_MESSAGES.unauthenticated);
  return request.auth.user;
}

/** A route option: only these roles may call it, others get 403. */
export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!roles.includes(currentUser(request).role)) throw new AppError(403, API_MESSAGES.forbidden);
  };
}
