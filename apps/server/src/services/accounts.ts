import type { Role } from '@shop/contracts/common';
import { can, rolesWith } from '@shop/contracts/permissions';
import { USER_MESSAGES, type StaffAccount, type User, type UserCreateInput, type UserListQuery, type UserUpdateInput } from '@shop/contracts/user';
import { containsInsensitive } from '../db/dialect';
import { isUniqueViolation } from '../db/errors';
import type { UserRow } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import { hashPassword } from '../lib/passwords';
import { recordAudit } from './audit';
import type { Actor, ServiceContext } from './context';
import { revokeCredentials } from './credentials';
import { revokeUserSessions } from './sessions';
import { clearTwoFactor } from './two-factor';
import { normalizeEmail, toUser } from './users';

/*
 * Staff accounts, run by Admins: add, change, approve sign-ups, deactivate and reactivate, set a
 * new password. The shop always keeps one active Admin: someone who can still manage accounts.
 */

const emailTaken = () => conflict(USER_MESSAGES.emailTaken, { field: 'email' });

/** What the audit log keeps of a user: never the password hash or the 2FA secret. */
const auditView = (row: UserRow) => ({ name: row.name, email: row.email, role: row.role, status: toUser(row).status });

/**
 * Refuses a change that would leave the shop without an active Admin. On PostgreSQL the Admin
 * rows are locked first, so two Admins demoting each other at once cannot both pass.
 */
export async function assertAnotherActiveAdmin(tx: ServiceContext, userId: number): Promise<void> {
  let admins = tx.db
    .selectFrom('users')
    .select('id')
    .where('role', 'in', [...rolesWith('users:manage')])
    .where('pending', '=', 0)
    .where('deactivated_at', 'is', null)
    .where('deleted_at', 'is', null);
  if (tx.kind === 'postgres') admins = admins.forUpdate();
  const rows = await admins.execute();
  if (!rows.some((row) => row.id !== userId)) throw conflict(USER_MESSAGES.lastAdmin);
}

/** An active account that can manage the others: the shop must keep one. */
export const isActiveAdmin = (row: UserRow) => can(row.role, 'users:manage') && !row.pending && !row.deactivated_at;

async function loadUser(tx: ServiceContext, id: number): Promise<UserRow> {
  const row = await tx.db.selectFrom('users').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return row;
}

async function inTransaction<T>(ctx: ServiceContext, work: (tx: ServiceContext) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function listStaffAccounts(ctx: ServiceContext, query: UserListQuery) {
  let select = ctx.db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) =>
      eb
        .selectFrom('sessions')
        .select((s) => s.fn.max('sessions.last_active_at').as('last'))
        .whereRef('sessions.user_id', '=', 'users.id')
        .as('last_active_at'),
    )
    .where('deleted_at', 'is', null)
    // Sign-ups waiting for approval first: they are what an Admin comes here to act on.
    .orderBy('pending', 'desc')
    .orderBy('name')
    .orderBy('id');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) => eb.or([containsInsensitive(ctx.kind, eb.ref('name'), q), containsInsensitive(ctx.kind, eb.ref('email'), q)]));
  }
  if (query.role) select = select.where('role', '=', query.role);
  if (query.status === 'Pending') select = select.where('pending', '=', 1);
  if (query.status === 'Active') select = select.where('pending', '=', 0).where('deactivated_at', 'is', null);
  if (query.status === 'Deactivated') select = select.where('pending', '=', 0).where('deactivated_at', 'is not', null);
  const page = await paginate(select, query.page, query.per_page);
  const data: StaffAccount[] = page.rows.map(({ last_active_at, ...row }) => ({ ...toUser(row), last_active_at: last_active_at ?? null }));
  return { data, meta: page.meta };
}

export async function createStaffAccount(ctx: ServiceContext, input: UserCreateInput & { password: string; role: Role }, actor: Actor): Promise<User> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now().toISOString();
  return inTransaction(ctx, async (tx) => {
    if (await tx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) throw emailTaken();
    const row = await tx.db
      .insertInto('users')
      .values({ name: input.name.trim(), email, password_hash: passwordHash, role: input.role, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx.db, tx.clock, { userId: actor.userId, action: 'create', entity: 'user', entityId: row.id, after: auditView(row) });
    return toUser(row);
  });
}

export async function updateStaffAccount(ctx: ServiceContext, id: number, input: UserUpdateInput & { role: Role }, actor: Actor): Promise<User> {
  const email = normalizeEmail(input.email);
  return inTransaction(ctx, async (tx) => {
    const before = await loadUser(tx, id);
    if (isActiveAdmin(before) && !can(input.role, 'users:manage')) await assertAnotherActiveAdmin(tx, id);
    const clash = await tx.db.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', id).executeTakeFirst();
    if (clash) throw emailTaken();
    const after = await tx.db
      .updateTable('users')
      .set({ name: input.name.trim(), email, role: input.role, updated_at: tx.clock.now().toISOString() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(tx.db, tx.clock, { userId: actor.userId, action: 'update', entity: 'user', entityId: id, before: auditView(before), after: auditView(after) });
    return toUser(after);
  });
}

/** A named change of one account's state, audited with before and after. */
async function changeAccount(
  ctx: ServiceContext,
  id: number,
  actor: Actor,
  action: string,
  change: (tx: ServiceContext, row: UserRow) => Promise<void>,
): Promise<User> {
  return inTransaction(ctx, async (tx) => {
    const before = await loadUser(tx, id);
    await change(tx, before);
    const after = await loadUser(tx, id);
    await recordAudit(tx.db, tx.clock, { userId: actor.userId, action, entity: 'user', entityId: id, before: auditView(before), after: auditView(after) });
    return toUser(after);
  });
}

export function approveSignUp(ctx: ServiceContext, id: number, actor: Actor) {
  return changeAccount(ctx, id, actor, 'approve', async (tx, row) => {
    if (!row.pending) throw conflict(USER_MESSAGES.notPending);
    await tx.db.updateTable('users').set({ pending: 0, updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
  });
}

/** A sign-up an Admin does not want: the request is removed (it never had data of its own). */
export async function rejectSignUp(ctx: ServiceContext, id: number, actor: Actor): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await loadUser(tx, id);
    if (!row.pending) throw conflict(USER_MESSAGES.notPending);
    await tx.db.deleteFrom('notifications').where('dedupe_key', '=', `signup:${id}`).execute();
    await tx.db.updateTable('audit_log').set({ user_id: null }).where('user_id', '=', id).execute();
    await tx.db.deleteFrom('users').where('id', '=', id).execute();
    await recordAudit(tx.db, tx.clock, { userId: actor.userId, action: 'reject', entity: 'user', entityId: id, before: auditView(row) });
  });
}

/** Deactivating signs the user out everywhere and stops their API keys until reactivated. */
export async function deactivateAccount(tx: ServiceContext, row: UserRow): Promise<void> {
  if (isActiveAdmin(row)) await assertAnotherActiveAdmin(tx, row.id);
  const now = tx.clock.now().toISOString();
  await tx.db.updateTable('users').set({ deactivated_at: row.deactivated_at ?? now, updated_at: now }).where('id', '=', row.id).execute();
  await revokeUserSessions(tx, row.id, null);
}

export function deactivateStaffAccount(ctx: ServiceContext, id: number, actor: Actor) {
  return changeAccount(ctx, id, actor, 'deactivate', (tx, row) => deactivateAccount(tx, row));
}

export function reactivateStaffAccount(ctx: ServiceContext, id: number, actor: Actor) {
  return changeAccount(ctx, id, actor, 'reactivate', async (tx) => {
    await tx.db.updateTable('users').set({ deactivated_at: null, updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
  });
}

/**
 * For someone who forgot their password, or whose account may be in other hands: the Admin sets
 * a new one, and every session and API key of the account ends (a key made by whoever held the
 * old password must not outlive it).
 */
export async function setStaffPassword(ctx: ServiceContext, id: number, password: string, actor: Actor): Promise<User> {
  const passwordHash = await hashPassword(password);
  return changeAccount(ctx, id, actor, 'password.set', async (tx) => {
    await tx.db.updateTable('users').set({ password_hash: passwordHash, updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
    await revokeCredentials(tx, { userId: id, actorId: actor.userId, reason: 'password.set', keepSessionId: null, keepApiKeys: false });
  });
}

/** For someone who lost their phone and their backup codes. */
export function resetStaffTwoFactor(ctx: ServiceContext, id: number, actor: Actor) {
  return changeAccount(ctx, id, actor, 'twofa.reset', (tx) => clearTwoFactor(tx, id));
}
