import { AUTH_MESSAGES, type LoginRequest, type SignUpRequest } from '@shop/contracts/auth';
import { USER_MESSAGES, type User } from '@shop/contracts/user';
import { isUniqueViolation } from '../db/errors';
import { conflict, forbidden, unauthenticated } from '../lib/errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';
import { assertNotThrottled, clearLoginFailures, recordLoginFailure } from './login-throttle';
import { notifySignUp } from './notifications';
import { createSession, revokeSession, type ClientInfo } from './sessions';
import { verifySecondFactor } from './two-factor';
import { normalizeEmail, toUser } from './users';

export type SignInResult = { token: string; user: User } | { twoFactorRequired: true };

/**
 * Checks the password and opens a session. Unknown e-mail and wrong password get the same
 * answer after the same work, so the answer does not tell which accounts exist. An account with
 * two-step sign-in also needs a code; a wrong code counts as a failed attempt.
 */
export async function signIn(ctx: ServiceContext, input: LoginRequest, client: ClientInfo): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  await assertNotThrottled(ctx, email, client.ip);

  const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  const ok = await checkPassword(user?.password_hash, input.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx, email, client.ip);
    throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
  }
  if (user.pending) throw forbidden(USER_MESSAGES.pending);
  if (user.deactivated_at) throw forbidden(AUTH_MESSAGES.deactivated);
  if (user.totp_secret) {
    if (!input.code) return { twoFactorRequired: true };
    if (!(await verifySecondFactor(ctx, user, input.code))) {
      await recordLoginFailure(ctx, email, client.ip);
      throw unauthenticated(AUTH_MESSAGES.codeInvalid, { field: 'code' });
    }
  }

  await clearLoginFailures(ctx, email);
  const token = await createSession(ctx, user.id, client);
  await recordAudit(ctx.db, ctx.clock, { userId: user.id, action: 'auth.login', entity: 'session', after: { ip: client.ip } });
  return { token, user: toUser(user) };
}

async function checkPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  return verifyPassword(passwordHash ?? (await decoyPasswordHash()), password);
}

export async function signOut(ctx: ServiceContext, sessionId: number, userId: number): Promise<void> {
  await revokeSession(ctx, sessionId);
  await recordAudit(ctx.db, ctx.clock, { userId, action: 'auth.logout', entity: 'session', entityId: sessionId });
}

/**
 * POST /signup: a pending Staff account that cannot sign in until an Admin approves it. The
 * Admins hear about it in their notifications.
 */
export async function signUp(ctx: ServiceContext, input: SignUpRequest & { password: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now().toISOString();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (taken) throw conflict(USER_MESSAGES.emailTaken, { field: 'email' });
      const { id } = await trx
        .insertInto('users')
        .values({ name: input.name, email, password_hash: passwordHash, role: 'Staff', pending: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, ctx.clock, { userId: id, action: 'signup', entity: 'user', entityId: id, after: { name: input.name, email } });
      await notifySignUp({ ...ctx, db: trx }, { id, name: input.name, email });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.emailTaken);
    throw error;
  }
}
