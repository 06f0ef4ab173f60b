import { AUTH_MESSAGES, type LoginRequest, type SignUpRequest } from '@shop/contracts/auth';
import { USER_MESSAGES, type User } from '@shop/contracts/user';
import { forbidden, unauthenticated } from '../lib/errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';
import { reserveAttempt, signInKeys } from './login-throttle';
import { notifySignUp, notifySignUpDuplicate } from './notifications';
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
  // Counted before anything is checked, so parallel guesses cannot slip past the limit.
  const attempt = await reserveAttempt(ctx, signInKeys(email, client.ip));

  const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
  const ok = await checkPassword(user?.password_hash, input.password);
  if (!user || !ok) throw unauthenticated(AUTH_MESSAGES.invalidCredentials);
  if (user.pending || user.deactivated_at) {
    await attempt.succeeded();
    throw forbidden(user.pending ? USER_MESSAGES.pending : AUTH_MESSAGES.deactivated);
  }
  if (user.totp_secret) {
    // The password was right; without a code nothing was guessed yet.
    if (!input.code) {
      await attempt.succeeded();
      return { twoFactorRequired: true };
    }
    if (!(await verifySecondFactor(ctx, user, input.code))) throw unauthenticated(AUTH_MESSAGES.codeInvalid, { field: 'code' });
  }
  await attempt.succeeded();

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
 * Admins hear about it in their notifications. An e-mail that already has an account gets the
 * same answer after the same work, so sign-up tells no more than sign-in does about who has an
 * account; the Admins are told of the attempt instead, and nothing else changes.
 */
export async function signUp(ctx: ServiceContext, input: SignUpRequest & { password: string }): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (taken) {
      await recordAudit(trx, ctx.clock, { userId: null, action: 'signup.duplicate', entity: 'user', entityId: taken.id, after: { name: input.name, email } });
      await notifySignUpDuplicate({ ...ctx, db: trx }, { name: input.name, email, at: now });
      return;
    }
    const inserted = await trx
      .insertInto('users')
      .values({ name: input.name, email, password_hash: passwordHash, role: 'Staff', pending: 1, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Another sign-up for the same e-mail won the race: this one is a duplicate like any other.
    if (!inserted) {
      await notifySignUpDuplicate({ ...ctx, db: trx }, { name: input.name, email, at: now });
      return;
    }
    await recordAudit(trx, ctx.clock, { userId: inserted.id, action: 'signup', entity: 'user', entityId: inserted.id, after: { name: input.name, email } });
    await notifySignUp({ ...ctx, db: trx }, { id: inserted.id, name: input.name, email });
  });
}
