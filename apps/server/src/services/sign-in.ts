import { AUTH_MESSAGES, type LoginRequest } from '@shop/contracts/auth';
import type { User } from '@shop/contracts/user';
import { AppError } from '../lib/errors';
import { decoyPasswordHash, verifyPassword } from '../lib/passwords';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';
import { assertNotThrottled, clearLoginFailures, recordLoginFailure } from './login-throttle';
import { createSession, revokeSession, type ClientInfo } from './sessions';
import { normalizeEmail, toUser } from './users';

export interface SignInResult {
  token: string;
  user: User;
}

/**
 * Checks the password and opens a session. Unknown e-mail and wrong password get the same
 * answer after the same work, so the answer does not tell which accounts exist.
 */
export async function signIn(ctx: ServiceContext, input: LoginRequest, client: ClientInfo): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  await assertNotThrottled(ctx, email, client.ip);

  const user = await ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!user || !ok) {
    await recordLoginFailure(ctx, email, client.ip);
    throw new AppError(401, AUTH_MESSAGES.invalidCredentials);
  }
  if (user.deactivated_at) throw new AppError(403, AUTH_MESSAGES.deactivated);

  await clearLoginFailures(ctx, email);
  const token = await createSession(ctx, user.id, client);
  await recordAudit(ctx.db, ctx.clock, { userId: user.id, action: 'auth.login', entity: 'session', after: { ip: client.ip } });
  return { token, user: toUser(user) };
}

export async function signOut(ctx: ServiceContext, sessionId: number, userId: number): Promise<void> {
  await revokeSession(ctx, sessionId);
  await recordAudit(ctx.db, ctx.clock, { userId, action: 'auth.logout', entity: 'session', entityId: sessionId });
}
