import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_MESSAGES, apiKeysMayUse, apiKeyScopeAllows, type ApiKeyScope } from '@shop/contracts/api-key-scopes';
import { API_MESSAGES } from '@shop/contracts/http';
import { can, isAccess, isPermission, type Access } from '@shop/contracts/permissions';
import { PROFILE_MESSAGES } from '@shop/contracts/profile';
import type { UserRow } from '../db/schema';
import { forbidden, unauthenticated } from '../lib/errors';
import { API_KEY_PATTERN, findUserByApiKey } from '../services/api-keys';
import type { Actor } from '../services/context';
import { findSessionByToken } from '../services/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the caller needs: every /api route says (docs/decisions/0006-permissions.md). */
    access?: Access;
  }
  interface FastifyRequest {
    /** A signed-in session, or an API key acting as its owner within its scope (then sessionId is null). */
    auth: { user: UserRow; sessionId: number | null; apiKey: { id: number; scope: ApiKeyScope } | null } | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Every /api route declares its access: `public`, `signed-in`, `own-account`, or a permission of
 * the one table. A route that forgets stops the server at start rather than opening up. A caller
 * without a live session or key gets 401; one whose role lacks the permission gets 403, and so
 * does an API key outside its scope or on a route that manages accounts, before anything is read.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!isAccess(route.config?.access)) {
      throw new Error(`${String(route.method)} ${route.url} must declare config.access: 'public', 'signed-in', 'own-account' or a permission`);
    }
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.access as Access;
    if (request.is404 || access === 'public') return;
    const auth = await authenticate(request);
    request.auth = auth;
    if (isPermission(access) && !can(auth.user.role, access)) throw forbidden(API_MESSAGES.forbidden);
    if (auth.apiKey) {
      if (!apiKeysMayUse(access)) throw forbidden(API_KEY_MESSAGES.accountsNeedSession);
      if (!apiKeyScopeAllows(auth.apiKey.scope, access, request.method)) throw forbidden(API_KEY_MESSAGES.outOfScope);
    }
  });
});

async function authenticate(request: FastifyRequest): Promise<NonNullable<FastifyRequest['auth']>> {
  const token = bearerToken(request);
  if (token && API_KEY_PATTERN.test(token)) {
    const key = await findUserByApiKey(request.server.services, token);
    if (!key) throw unauthenticated(API_MESSAGES.unauthenticated);
    return { user: key.user, sessionId: null, apiKey: { id: key.apiKeyId, scope: key.scope } };
  }
  const session = token ? await findSessionByToken(request.server.services, token) : null;
  if (!session) throw unauthenticated(API_MESSAGES.unauthenticated);
  return { user: session.user, sessionId: session.sessionId, apiKey: null };
}

/**
 * The signed-in session of a route that changes the account's own security (password, 2FA,
 * sessions, keys): an API key may not, so a leaked key cannot lock its owner out. Such routes
 * declare `own-account`, so the hook above has refused keys already; this is the second lock.
 */
export function currentSession(request: FastifyRequest): { user: UserRow; sessionId: number } {
  const user = currentUser(request);
  const sessionId = request.auth?.sessionId;
  if (sessionId == null) throw forbidden(PROFILE_MESSAGES.keysNeedSession);
  return { user, sessionId };
}

/** The signed-in user of an authenticated route (the auth hook has already run). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthenticated(API_MESSAGES.unauthenticated);
  return request.auth.user;
}

/** Who is acting, for the services' rules and the audit log. */
export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { userId: user.id, role: user.role };
}
