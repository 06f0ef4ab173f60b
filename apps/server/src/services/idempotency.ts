import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { IdempotencyKeysTable } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { conflict, unprocessable } from '../lib/errors';
import type { ServiceContext } from './context';

/** Kept well past the 72 hours a till may take to retry (docs/decisions/0004-idempotency-keys.md). */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export interface IdempotentRequest {
  /** The client's Idempotency-Key; without one, the write just runs. */
  key: string | null;
  userId: number;
  /** What the key was used for: one key belongs to one kind of call. */
  scope: string;
  /** The validated request; the same key with another request is refused. */
  request: unknown;
  messages: { keyReused: string; inFlight: string };
}

export interface IdempotentAnswer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

const hashOf = (scope: string, request: unknown) => crypto.createHash('sha256').update(scope).update('\n').update(JSON.stringify(request)).digest('hex');

// Every sale's statements, built once (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").
const keyRow = compiledOnce((db, key: string) => db.selectFrom('idempotency_keys').selectAll().where('key', '=', key));
const claimKey = compiledOnce((db, row: Insertable<IdempotencyKeysTable>) => db.insertInto('idempotency_keys').values(row));
const storeAnswer = compiledOnce((db, key: string, statusCode: number, response: string) =>
  db.updateTable('idempotency_keys').set({ status_code: statusCode, response }).where('key', '=', key),
);

async function storedAnswer<T>(ctx: ServiceContext, request: IdempotentRequest, hash: string): Promise<IdempotentAnswer<T> | null> {
  if (!request.key) return null;
  const [row] = await keyRow(ctx, request.key);
  if (!row) return null;
  if (row.user_id !== request.userId || row.scope !== request.scope || row.request_hash !== hash) {
    throw unprocessable(request.messages.keyReused, { field: 'idempotency-key' });
  }
  return { statusCode: row.status_code, body: JSON.parse(row.response) as T, replayed: true };
}

/**
 * What was answered under a key for this kind of call, whatever the request was: a till's
 * offline sale sent under the key of its own online attempt, which reached the server after all
 * (docs/decisions/0016-offline-selling.md). `in-flight` while that attempt is still being written.
 */
export async function answerUnderKey<T>(ctx: ServiceContext, key: string, scope: string): Promise<IdempotentAnswer<T> | 'in-flight' | null> {
  const row = await ctx.db.selectFrom('idempotency_keys').select(['scope', 'status_code', 'response']).where('key', '=', key).executeTakeFirst();
  if (!row || row.scope !== scope) return null;
  if (row.status_code === 0) return 'in-flight';
  return { statusCode: row.status_code, body: JSON.parse(row.response) as T, replayed: true };
}

/** When each database's old keys were last forgotten, by this process's clock. */
const lastSweep = new WeakMap<object, number>();

/**
 * Keys older than KEEP_MS are forgotten, at most once a minute and outside any sale's transaction:
 * a delete there would hold the rows it removes until that sale commits, and the next sale would wait.
 */
async function forgetOldKeys(ctx: ServiceContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  const last = lastSweep.get(ctx.db);
  // A clock set back (by hand, or a test's) sweeps again rather than wait for the old time to come round.
  if (last !== undefined && now >= last && now - last < 60_000) return;
  lastSweep.set(ctx.db, now);
  try {
    await ctx.db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now - KEEP_MS).toISOString()).execute();
  } catch {
    // The answer is already committed and is not failed for this: the next sweep, a minute later, forgets them.
  }
}

/**
 * Runs a write once per key. The key is claimed inside the write's own transaction, so the
 * write and its stored answer commit together: a crash leaves neither, and a retry runs it
 * again. A duplicate finds the key taken by its claim, the transaction's first statement, so
 * nothing of it is written; it then replays the answer the first one stored (a concurrent one
 * waits on the key's row on PostgreSQL, or on the single SQLite writer). A new key is not read
 * first: most keys are new, and a sale saves a statement. Failed writes store nothing, so a
 * refused sale can be retried once the cause is fixed.
 */
export async function runIdempotent<T>(
  ctx: ServiceContext,
  request: IdempotentRequest,
  write: (tx: ServiceContext) => Promise<{ statusCode: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  const hash = hashOf(request.scope, request.request);
  try {
    const answer = await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      const now = ctx.clock.now();
      if (request.key) {
        await claimKey(tx, { key: request.key, user_id: request.userId, scope: request.scope, request_hash: hash, status_code: 0, response: '', created_at: now.toISOString() });
      }
      const answer = await write(tx);
      if (request.key) await storeAnswer(tx, request.key, answer.statusCode, JSON.stringify(answer.body));
      return { ...answer, replayed: false };
    });
    if (request.key) await forgetOldKeys(ctx);
    return answer;
  } catch (error) {
    if (request.key && isUniqueViolation(error)) {
      const answer = await storedAnswer<T>(ctx, request, hash);
      if (answer && answer.statusCode !== 0) return answer;
      throw conflict(request.messages.inFlight);
    }
    throw error;
  }
}
