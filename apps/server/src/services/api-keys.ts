import { randomBytes } from 'node:crypto';
import { apiKeyScopeSchema, type ApiKeyScope } from '@shop/contracts/api-key-scopes';
import { PROFILE_MESSAGES, type ApiKey, type ApiKeyCreated } from '@shop/contracts/profile';
import type { ApiKeysTable, UserRow } from '../db/schema';
import { notFound } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';

/*
 * API keys let a script or another system call the API as their owner, within the owner's role
 * and the key's scope (packages/contracts/src/api-key-scopes.ts, enforced by plugins/auth.ts).
 * A key is `shk_` + an 8-character prefix + `_` + 43 random characters; only its SHA-256 is
 * kept, and the prefix is what the screen shows afterwards.
 */

export const API_KEY_PATTERN = /^shk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/;
const LAST_USED_INTERVAL_MS = 60 * 1000;

/** A stored scope the server no longer knows reads as the narrowest one. */
const readScope = (stored: string): ApiKeyScope => apiKeyScopeSchema.catch('read').parse(stored);

function toApiKey(row: Pick<ApiKeysTable, 'label' | 'prefix' | 'scope' | 'created_at' | 'last_used_at'> & { id: number }): ApiKey {
  return {
    id: row.id,
    label: row.label,
    prefix: row.prefix,
    masked: `${row.prefix}${'•'.repeat(12)}`,
    scope: readScope(row.scope),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

export async function listApiKeys(ctx: ServiceContext, userId: number): Promise<ApiKey[]> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .select(['id', 'label', 'prefix', 'scope', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toApiKey);
}

export async function createApiKey(ctx: ServiceContext, userId: number, input: { label: string; scope: ApiKeyScope }): Promise<ApiKeyCreated> {
  const { label, scope } = input;
  const prefix = `shk_${randomBytes(6).toString('hex').slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('api_keys')
      .values({ user_id: userId, label, prefix, scope, key_hash: hashToken(key), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, ctx.clock, { userId, action: 'create', entity: 'api_key', entityId: id, after: { label, prefix, scope } });
    return { ...toApiKey({ id, label, prefix, scope, created_at: now, last_used_at: null }), key };
  });
}

export async function revokeApiKey(ctx: ServiceContext, userId: number, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const key = await trx
      .selectFrom('api_keys')
      .select(['label', 'prefix'])
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!key) throw notFound(PROFILE_MESSAGES.keyNotFound);
    await trx.updateTable('api_keys').set({ revoked_at: ctx.clock.now().toISOString() }).where('id', '=', id).execute();
    await recordAudit(trx, ctx.clock, { userId, action: 'delete', entity: 'api_key', entityId: id, before: key });
  });
}

/**
 * Revokes every live key of the user, as a password change or reset does: whoever learnt the old
 * password may have made one. Answers what was revoked, for the audit entry of the change.
 */
export async function revokeUserApiKeys(tx: ServiceContext, userId: number): Promise<{ id: number; label: string; prefix: string }[]> {
  const live = await tx.db
    .selectFrom('api_keys')
    .select(['id', 'label', 'prefix'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
  if (live.length === 0) return [];
  await tx.db
    .updateTable('api_keys')
    .set({ revoked_at: tx.clock.now().toISOString() })
    .where('id', 'in', live.map((key) => key.id))
    .execute();
  return live;
}

export interface AuthenticatedKey {
  apiKeyId: number;
  scope: ApiKeyScope;
  user: UserRow;
}

/** The owner behind a live key and the key's scope, or null (unknown, revoked, or the owner may not sign in). */
export async function findUserByApiKey(ctx: ServiceContext, key: string): Promise<AuthenticatedKey | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const row = await ctx.db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select(['api_keys.id as api_key_id', 'api_keys.scope as api_key_scope', 'api_keys.last_used_at', 'api_keys.revoked_at'])
    .selectAll('users')
    .where('api_keys.key_hash', '=', hashToken(key))
    .executeTakeFirst();
  if (!row || row.revoked_at || row.deactivated_at || row.pending) return null;
  const { api_key_id, api_key_scope, last_used_at, revoked_at: _revoked, ...user } = row;
  const now = ctx.clock.now();
  if (!last_used_at || now.getTime() - Date.parse(last_used_at) >= LAST_USED_INTERVAL_MS) {
    await ctx.db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', api_key_id).execute();
  }
  return { apiKeyId: api_key_id, scope: readScope(api_key_scope), user };
}
