import { PROFILE_MESSAGES, type Session } from '@shop/contracts/profile';
import type { UserRow } from '../db/schema';
import { notFound } from '../lib/errors';
import { describeDevice } from '../lib/user-agent';
import { hashToken, newToken } from '../lib/tokens';
import type { ServiceContext } from './context';

// A busy till calls the API many times a minute; one write a minute is enough for "last active".
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export async function createSession(ctx: ServiceContext, userId: number, client: ClientInfo): Promise<string> {
  const token = newToken();
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      device: describeDevice(client.userAgent),
      ip: client.ip,
      user_agent: client.userAgent.slice(0, 500),
      created_at: now,
      last_active_at: now,
    })
    .execute();
  return token;
}

export interface AuthenticatedSession {
  sessionId: number;
  user: UserRow;
}

/** The live session behind a bearer token, or null when the token is unknown, revoked or its user deactivated. */
export async function findSessionByToken(ctx: ServiceContext, token: string): Promise<AuthenticatedSession | null> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.last_active_at', 'sessions.revoked_at'])
    .selectAll('users')
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.deactivated_at) return null;
  const { session_id, last_active_at, revoked_at: _revoked, ...user } = row;
  const now = ctx.clock.now();
  if (now.getTime() - Date.parse(last_active_at) >= TOUCH_INTERVAL_MS) {
    await ctx.db
      .updateTable('sessions')
      .set({ last_active_at: now.toISOString() })
      .where('id', '=', session_id)
      .execute();
  }
  return { sessionId: session_id, user };
}

export async function revokeSession(ctx: ServiceContext, sessionId: number): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The user's live sessions, most recently active first; `current` marks the one asking. */
export async function listSessions(ctx: ServiceContext, userId: number, currentSessionId: number | null): Promise<Session[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'device', 'ip', 'user_agent', 'created_at', 'last_active_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('last_active_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}

/** Signs out one of the user's own sessions; someone else's is as unknown as a missing one. */
export async function revokeOwnSession(ctx: ServiceContext, userId: number, sessionId: number): Promise<void> {
  const result = await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound(PROFILE_MESSAGES.sessionNotFound);
}

/** Every live session of the user except `keepSessionId` (null: all of them). */
export async function revokeUserSessions(ctx: ServiceContext, userId: number, keepSessionId: number | null): Promise<number> {
  let update = ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== null) update = update.where('id', '!=', keepSessionId);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
