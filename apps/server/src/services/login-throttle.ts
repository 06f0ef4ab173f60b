import { sql } from 'kysely';
import { tooManyRequests, type AppError } from '../lib/errors';
import type { ServiceContext } from './context';

/*
 * Guesses at a secret (a password, a two-step code) are counted before the secret is checked:
 * each attempt first reserves its place in one atomic upsert, and only an attempt within the
 * limit is verified. So at most LIMIT guesses per window are ever checked, one after another or
 * fifty at once. An attempt that turns out right gives its place back (docs/architecture.md,
 * "Security").
 */
const WINDOW_MS = 15 * 60 * 1000;

/** Per account (guessing one account's secret), per address (spraying many accounts), and per approver's till PIN. */
const LIMITS = { email: 5, ip: 30, user: 5, pin: 5 } as const;
type Scope = keyof typeof LIMITS;

export type AttemptKey = { scope: Scope; value: string };

export const signInKeys = (email: string, ip: string): AttemptKey[] => [
  { scope: 'email', value: email },
  { scope: 'ip', value: ip },
];

/** A signed-in person confirming a secret (current password, a 2FA code) on their own account. */
export const accountKeys = (userId: number): AttemptKey[] => [{ scope: 'user', value: String(userId) }];

/** Guesses at one approver's till PIN, from any till. */
export const pinKeys = (approverId: number): AttemptKey[] => [{ scope: 'pin', value: String(approverId) }];

const keyOf = ({ scope, value }: AttemptKey) => `${scope}:${value}`;

function tooMany(retryAfterMs: number, what: 'sign-in' | 'secret'): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60000));
  const wait = `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const message =
    what === 'sign-in' ? `Too many failed sign-in attempts. Try again in ${wait}.` : `Too many wrong attempts. Try again in ${wait}.`;
  return tooManyRequests(message, retryAfterMs / 1000);
}

export interface Attempt {
  /** The secret was right: the attempt no longer counts, and the account's failures are forgotten. */
  succeeded(): Promise<void>;
}

/**
 * Counts one attempt under every key, atomically, and throws 429 (without anything being
 * checked) when any key is over its limit for the window. The count stays unless the caller
 * reports success.
 */
export async function reserveAttempt(ctx: ServiceContext, keys: AttemptKey[], what: 'sign-in' | 'secret' = 'sign-in'): Promise<Attempt> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const windowStartedBefore = new Date(now.getTime() - WINDOW_MS).toISOString();
  let retryAfterMs = 0;
  for (const key of keys) {
    const row = await ctx.db
      .insertInto('login_failures')
      .values({ key: keyOf(key), failures: 1, window_started_at: nowIso })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`case when login_failures.window_started_at <= ${windowStartedBefore} then 1 else login_failures.failures + 1 end`,
          window_started_at: sql<string>`case when login_failures.window_started_at <= ${windowStartedBefore} then ${nowIso} else login_failures.window_started_at end`,
        }),
      )
      .returning(['failures', 'window_started_at'])
      .executeTakeFirstOrThrow();
    if (row.failures > LIMITS[key.scope]) {
      retryAfterMs = Math.max(retryAfterMs, Date.parse(row.window_started_at) + WINDOW_MS - now.getTime());
    }
  }
  if (retryAfterMs > 0) throw tooMany(retryAfterMs, what);

  return {
    async succeeded() {
      // The account's own count is forgotten; the address keeps its other failures but not this one.
      const [own, ...shared] = keys;
      await ctx.db.deleteFrom('login_failures').where('key', '=', keyOf(own!)).execute();
      for (const key of shared) {
        await ctx.db
          .updateTable('login_failures')
          .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end` })
          .where('key', '=', keyOf(key))
          .execute();
      }
    },
  };
}

/**
 * A signed-in person's own secret (the current password, a two-step code) checked under the
 * same limit as sign-in, so a stolen session cannot guess it.
 */
export async function checkOwnSecret(ctx: ServiceContext, userId: number, check: () => Promise<boolean>): Promise<boolean> {
  const attempt = await reserveAttempt(ctx, accountKeys(userId), 'secret');
  const ok = await check();
  if (ok) await attempt.succeeded();
  return ok;
}
