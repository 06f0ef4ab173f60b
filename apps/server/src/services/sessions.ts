import { PROFILE_MESSAGES, type Session } from '@shop/contracts/profile';
import type { Settings } from '@shop/contracts/settings';
import type { Kysely } from 'kysely';
import { authWatchOf } from '../db/auth-watch';
import { compiledOnce } from '../db/compiled-once';
import type { Database, UserRow } from '../db/schema';
import { notFound } from '../lib/errors';
import { describeDevice } from '../lib/user-agent';
import { hashToken, newToken } from '../lib/tokens';
import type { ServiceContext } from './context';
import { getSettingsSection, readStoredSection } from './settings';

// A busy till calls the API many times a minute; one write a minute is enough for "last active"
// (and for the idle limit, which is at least 15 minutes).
const TOUCH_INTERVAL_MS = 60 * 1000;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long a session may live, from Settings → General (docs/decisions/0008). */
interface SessionLimits {
  idleMs: number;
  lifetimeMs: number;
}

function limitsOf(general: Pick<Settings['general'], 'sessionIdleMinutes' | 'sessionLifetimeHours'>): SessionLimits {
  return { idleMs: general.sessionIdleMinutes * MINUTE_MS, lifetimeMs: general.sessionLifetimeHours * HOUR_MS };
}

/** Whether a session has run out: unused longer than the idle limit, or older than the lifetime. */
function sessionExpired(session: { created_at: string; last_active_at: string }, limits: SessionLimits, now: Date): boolean {
  const at = now.getTime();
  return at - Date.parse(session.last_active_at) >= limits.idleMs || at - Date.parse(session.created_at) >= limits.lifetimeMs;
}

/** The instants before which a session's last use, or its sign-in, means it has run out. */
function expiryCutoffs(limits: SessionLimits, now: Date) {
  return {
    lastActiveAfter: new Date(now.getTime() - limits.idleMs).toISOString(),
    createdAfter: new Date(now.getTime() - limits.lifetimeMs).toISOString(),
  };
}

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

/** The session behind a token's hash, its user and the shop's session limits: every signed-in request reads it, so it is built once. */
const sessionByTokenHash = compiledOnce((db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as session_id', 'sessions.created_at as session_created_at', 'sessions.last_active_at', 'sessions.revoked_at'])
    .select((eb) => eb.selectFrom('settings').select('settings.value').where('settings.section', '=', 'general').as('general_settings'))
    .selectAll('users')
    .where('sessions.token_hash', '=', tokenHash),
);

type SessionRow = Awaited<ReturnType<typeof sessionByTokenHash>>[number];

/** How many sessions are kept per database; past it the one read longest ago goes. */
const SESSIONS_KEPT = 1000;

/** Sessions read by token hash, kept while the watch's count stands where it was when they were read. */
const kept = new WeakMap<Kysely<Database>, { count: number; rows: Map<string, SessionRow> }>();

/**
 * The row behind a token's hash: from memory while nothing it rests on (the session, its user,
 * the settings) has been written since it was read, here or on another server
 * (db/auth-watch.ts, docs/decisions/0021-sessions-kept-in-memory.md); else read, and kept if
 * nothing was written while it was read. Unknown tokens are not kept.
 */
async function sessionRowOf(ctx: ServiceContext, tokenHash: string): Promise<SessionRow | undefined> {
  const watch = authWatchOf(ctx.db);
  const count = watch?.now() ?? null;
  if (!watch || count === null) return (await sessionByTokenHash(ctx, tokenHash))[0];
  let known = kept.get(ctx.db);
  if (!known || known.count !== count) {
    known = { count, rows: new Map() };
    kept.set(ctx.db, known);
  }
  const row = known.rows.get(tokenHash);
  if (row) return row;
  const [read] = await sessionByTokenHash(ctx, tokenHash);
  if (read && watch.now() === count && kept.get(ctx.db) === known) {
    if (known.rows.size >= SESSIONS_KEPT) known.rows.delete(known.rows.keys().next().value as string);
    known.rows.set(tokenHash, read);
  }
  return read;
}

/**
 * The live session behind a bearer token, or null when the token is unknown, revoked, run out
 * (idle too long or past its lifetime, Settings → General) or its user deactivated. The shop's
 * limits come in the same query, so a change applies at once on every server process.
 */
export async function findSessionByToken(ctx: ServiceContext, token: string): Promise<AuthenticatedSession | null> {
  const row = await sessionRowOf(ctx, hashToken(token));
  if (!row || row.revoked_at || row.deactivated_at) return null;
  const { session_id, session_created_at, last_active_at, revoked_at: _revoked, general_settings, ...user } = row;
  const now = ctx.clock.now();
  const limits = limitsOf(readStoredSection('general', general_settings));
  if (sessionExpired({ created_at: session_created_at, last_active_at }, limits, now)) return null;
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

/** The user's live sessions (not revoked, not run out), most recently active first; `current` marks the one asking. */
export async function listSessions(ctx: ServiceContext, userId: number, currentSessionId: number | null): Promise<Session[]> {
  const cutoffs = expiryCutoffs(limitsOf(await getSettingsSection(ctx, 'general')), ctx.clock.now());
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'device', 'ip', 'user_agent', 'created_at', 'last_active_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('last_active_at', '>', cutoffs.lastActiveAfter)
    .where('created_at', '>', cutoffs.createdAfter)
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
