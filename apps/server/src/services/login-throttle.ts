import { tooManyRequests, type AppError } from '../lib/errors';
import type { ServiceContext } from './context';

// Failures counted per e-mail (guessing one account) and per address (spraying many).
const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { email: 5, ip: 30 } as const;

type Scope = keyof typeof LIMITS;
const keyOf = (scope: Scope, value: string) => `${scope}:${value}`;

function tooMany(retryAfterMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60000));
  const message = `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
  return tooManyRequests(message, retryAfterMs / 1000);
}

/** Throws 429 when the e-mail or the address has failed too often within the window. */
export async function assertNotThrottled(ctx: ServiceContext, email: string, ip: string): Promise<void> {
  const now = ctx.clock.now().getTime();
  const rows = await ctx.db
    .selectFrom('login_failures')
    .selectAll()
    .where('key', 'in', [keyOf('email', email), keyOf('ip', ip)])
    .execute();
  for (const row of rows) {
    const scope = row.key.slice(0, row.key.indexOf(':')) as Scope;
    const endsAt = Date.parse(row.window_started_at) + WINDOW_MS;
    if (endsAt > now && row.failures >= LIMITS[scope]) throw tooMany(endsAt - now);
  }
}

export async function recordLoginFailure(ctx: ServiceContext, email: string, ip: string): Promise<void> {
  const now = ctx.clock.now();
  for (const key of [keyOf('email', email), keyOf('ip', ip)]) {
    const row = await ctx.db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
    const expired = !row || Date.parse(row.window_started_at) + WINDOW_MS <= now.getTime();
    await ctx.db
      .insertInto('login_failures')
      .values({ key, failures: 1, window_started_at: now.toISOString() })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet(
          expired
            ? { failures: 1, window_started_at: now.toISOString() }
            : (eb) => ({ failures: eb('login_failures.failures', '+', 1) }),
        ),
      )
      .execute();
  }
}

export async function clearLoginFailures(ctx: ServiceContext, email: string): Promise<void> {
  await ctx.db.deleteFrom('login_failures').where('key', '=', keyOf('email', email)).execute();
}
