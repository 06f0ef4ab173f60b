import { revokeUserApiKeys } from './api-keys';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';
import { revokeUserSessions } from './sessions';

/** Why a user's credentials were revoked: their own password change, or an Admin's reset. */
export type RevocationReason = 'password.change' | 'password.set';

/**
 * After a password change or reset, ends what whoever knew the old password may still hold: the
 * user's sessions (all but `keepSessionId`, the one making the change) and, unless kept, their
 * API keys. One audit entry says what was revoked, by whom and why. Call it inside the
 * transaction that changes the password.
 */
export async function revokeCredentials(
  tx: ServiceContext,
  options: { userId: number; actorId: number; reason: RevocationReason; keepSessionId: number | null; keepApiKeys: boolean },
): Promise<{ sessions: number; apiKeys: number }> {
  const sessions = await revokeUserSessions(tx, options.userId, options.keepSessionId);
  const keys = options.keepApiKeys ? [] : await revokeUserApiKeys(tx, options.userId);
  if (sessions > 0 || keys.length > 0) {
    await recordAudit(tx.db, tx.clock, {
      userId: options.actorId,
      action: 'credentials.revoke',
      entity: 'user',
      entityId: options.userId,
      after: { reason: options.reason, sessions_signed_out: sessions, api_keys_revoked: keys.map(({ label, prefix }) => ({ label, prefix })) },
    });
  }
  return { sessions, apiKeys: keys.length };
}
