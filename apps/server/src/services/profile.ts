import { randomBytes } from 'node:crypto';
import { APPROVABLE_PERMISSIONS, APPROVAL_MESSAGES } from '@shop/contracts/approval';
import {
  PROFILE_MESSAGES,
  type Activity,
  type NotifyPreferences,
  type Profile,
  type profileUpdateSchema,
} from '@shop/contracts/profile';
import { API_MESSAGES } from '@shop/contracts/http';
import { can } from '@shop/contracts/permissions';
import { newPasswordSchema } from '@shop/contracts/password';
import { USER_MESSAGES, type User } from '@shop/contracts/user';
import type { z } from 'zod';
import { isUniqueViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import { conflict, forbidden, unprocessable } from '../lib/errors';
import { paginate } from '../lib/paginate';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { assertAnotherActiveAdmin, deactivateAccount, isActiveAdmin } from './accounts';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';
import { revokeCredentials } from './credentials';
import { checkOwnSecret } from './login-throttle';
import { readPreferences } from './notifications';
import { revokeUserSessions } from './sessions';
import { backupCodesLeft, clearTwoFactor } from './two-factor';
import { normalizeEmail, toUser } from './users';

/* The signed-in user's own account: details, e-mail, password, preferences, activity, and leaving. */

export async function getProfile(ctx: ServiceContext, user: UserRow): Promise<Profile> {
  return { ...toUser(user), notify: readPreferences(user.notify), backup_codes_left: await backupCodesLeft(ctx, user.id), has_pin: user.pin_hash !== null };
}

async function reload(tx: ServiceContext, id: number): Promise<UserRow> {
  return tx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const ownView = (row: UserRow) => ({ name: row.name, email: row.email, role: row.role, phone: row.phone, avatar: row.avatar, bio: row.bio });

/** Overview. Only an Admin may change a role here, and never away from the shop's last Admin. */
export async function updateProfile(ctx: ServiceContext, user: UserRow, input: z.output<typeof profileUpdateSchema>): Promise<Profile> {
  const role = input.role ?? user.role;
  if (role !== user.role && !can(user.role, 'users:manage')) throw forbidden(API_MESSAGES.forbidden, { errors: { role: ['Only an Admin can change a role.'] } });
  const after = await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    if (can(user.role, 'users:manage') && !can(role, 'users:manage')) await assertAnotherActiveAdmin(tx, user.id);
    await trx
      .updateTable('users')
      .set({ name: input.name, phone: input.phone, avatar: input.avatar, bio: input.bio, role, updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', user.id)
      .execute();
    const row = await reload(tx, user.id);
    await recordAudit(trx, ctx.clock, { userId: user.id, action: 'update', entity: 'profile', entityId: user.id, before: ownView(user), after: ownView(row) });
    return row;
  });
  return getProfile(ctx, after);
}

export async function changeEmail(ctx: ServiceContext, user: UserRow, email: string): Promise<User> {
  const normalized = normalizeEmail(email);
  const taken = () => conflict(USER_MESSAGES.emailTaken, { field: 'email' });
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const clash = await trx.selectFrom('users').select('id').where('email', '=', normalized).where('id', '!=', user.id).executeTakeFirst();
      if (clash) throw taken();
      await trx.updateTable('users').set({ email: normalized, updated_at: ctx.clock.now().toISOString() }).where('id', '=', user.id).execute();
      await recordAudit(trx, ctx.clock, { userId: user.id, action: 'email.change', entity: 'profile', entityId: user.id, before: { email: user.email }, after: { email: normalized } });
      return toUser(await reload({ ...ctx, db: trx }, user.id));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/**
 * Checks the current password, then the new one (8–128, not common); every other session of the
 * user ends, and so do their API keys unless they ask to keep them, so whoever knew the old
 * password is out.
 */
export async function changePassword(
  ctx: ServiceContext,
  user: UserRow,
  sessionId: number,
  input: { current_password: string; new_password: string; keep_api_keys?: boolean },
): Promise<void> {
  if (!(await checkOwnSecret(ctx, user.id, () => verifyPassword(user.password_hash, input.current_password)))) {
    throw unprocessable(PROFILE_MESSAGES.currentPasswordWrong, { field: 'current_password' });
  }
  const strength = newPasswordSchema.safeParse(input.new_password);
  if (!strength.success) {
    const message = strength.error.issues[0]?.message ?? PROFILE_MESSAGES.currentPasswordWrong;
    throw unprocessable(message, { field: 'new_password' });
  }
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: ctx.clock.now().toISOString() }).where('id', '=', user.id).execute();
    const revoked = await revokeCredentials(tx, {
      userId: user.id,
      actorId: user.id,
      reason: 'password.change',
      keepSessionId: sessionId,
      keepApiKeys: input.keep_api_keys ?? false,
    });
    await recordAudit(trx, ctx.clock, {
      userId: user.id,
      action: 'password.change',
      entity: 'profile',
      entityId: user.id,
      after: { other_sessions_signed_out: revoked.sessions, api_keys_revoked: revoked.apiKeys },
    });
  });
}

/**
 * Sets, changes or removes (`pin: null`) the user's till PIN, after their current password. Only
 * a role that can approve something has one: a PIN is a way to lend a right, and Staff have none
 * to lend. The PIN is hashed like a password.
 */
export async function changePin(ctx: ServiceContext, user: UserRow, input: { current_password: string; pin: string | null }): Promise<void> {
  if (!APPROVABLE_PERMISSIONS.some((permission) => can(user.role, permission))) throw forbidden(APPROVAL_MESSAGES.pinNotAllowed);
  if (!(await checkOwnSecret(ctx, user.id, () => verifyPassword(user.password_hash, input.current_password)))) {
    throw unprocessable(PROFILE_MESSAGES.currentPasswordWrong, { field: 'current_password' });
  }
  const pinHash = input.pin === null ? null : await hashPassword(input.pin);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ pin_hash: pinHash, updated_at: ctx.clock.now().toISOString() }).where('id', '=', user.id).execute();
    await recordAudit(trx, ctx.clock, { userId: user.id, action: pinHash === null ? 'pin.remove' : 'pin.change', entity: 'profile', entityId: user.id });
  });
}

export async function updateNotifyPreferences(ctx: ServiceContext, user: UserRow, preferences: NotifyPreferences): Promise<NotifyPreferences> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ notify: JSON.stringify(preferences), updated_at: ctx.clock.now().toISOString() }).where('id', '=', user.id).execute();
    await recordAudit(trx, ctx.clock, { userId: user.id, action: 'update', entity: 'notification_settings', entityId: user.id, before: readPreferences(user.notify), after: preferences });
  });
  return preferences;
}

const VERBS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  'auth.login': 'Signed in',
  'auth.logout': 'Signed out',
  'credentials.revoke': 'Revoked sessions or API keys of',
};

/** The name, title, code or number an audited record is known by. */
function subjectOf(before: string | null, after: string | null): string | null {
  for (const raw of [after, before]) {
    if (!raw) continue;
    try {
      const value = JSON.parse(raw) as Record<string, unknown>;
      for (const field of ['name', 'title', 'code', 'invoice_id', 'label', 'email']) {
        const found = value[field];
        if (typeof found === 'string' && found) return found;
      }
    } catch {
      return null;
    }
  }
  return null;
}

/** Activity: the user's own entries of the audit log, newest first. */
export async function listActivity(ctx: ServiceContext, userId: number, query: { page: number; per_page: number }) {
  const select = ctx.db
    .selectFrom('audit_log')
    .select(['id', 'action', 'entity', 'entity_id', 'before', 'after', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc');
  const page = await paginate(select, query.page, query.per_page);
  const data: Activity[] = page.rows.map((row) => {
    const subject = subjectOf(row.before, row.after);
    const verb = VERBS[row.action] ?? row.action;
    const what = row.entity.replace(/[._]/g, ' ');
    const type = row.action.startsWith('auth.') ? row.action.slice(5) : row.action;
    const detail = row.action.startsWith('auth.') ? verb : `${verb} ${what}${subject ? ` “${subject}”` : row.entity_id ? ` #${row.entity_id}` : ''}`;
    return { id: row.id, ts: row.created_at, type, entity: row.entity, subject: subject ?? (row.entity_id ? `#${row.entity_id}` : null), detail };
  });
  return { data, meta: page.meta };
}

/** Danger Zone: deactivate. The user is signed out everywhere; an Admin can reactivate them. */
export async function deactivateSelf(ctx: ServiceContext, user: UserRow): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    await deactivateAccount(tx, await reload(tx, user.id));
    await recordAudit(trx, ctx.clock, { userId: user.id, action: 'deactivate', entity: 'profile', entityId: user.id });
  });
}

/**
 * Danger Zone: delete. Sales and the audit log keep pointing at the account, so it is emptied
 * rather than removed: no name, e-mail, password, sessions, keys or notifications are left.
 */
export async function deleteSelf(ctx: ServiceContext, user: UserRow, password: string): Promise<void> {
  if (!(await checkOwnSecret(ctx, user.id, () => verifyPassword(user.password_hash, password)))) {
    throw unprocessable(PROFILE_MESSAGES.currentPasswordWrong, { field: 'password' });
  }
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    const row = await reload(tx, user.id);
    if (isActiveAdmin(row)) await assertAnotherActiveAdmin(tx, user.id);
    const now = ctx.clock.now().toISOString();
    await revokeUserSessions(tx, user.id, null);
    await clearTwoFactor(tx, user.id);
    await trx.updateTable('api_keys').set({ revoked_at: now }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    await trx.deleteFrom('notifications').where('user_id', '=', user.id).execute();
    await trx
      .updateTable('users')
      .set({
        name: 'Deleted user',
        email: `deleted-${user.id}@deleted.invalid`,
        password_hash: unusable,
        phone: null,
        avatar: null,
        bio: null,
        notify: null,
        deactivated_at: row.deactivated_at ?? now,
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', user.id)
      .execute();
    await recordAudit(trx, ctx.clock, { userId: user.id, action: 'delete', entity: 'profile', entityId: user.id });
  });
}
