import { PROFILE_MESSAGES, type TwoFaToggleInput, type TwoFaToggleResponse } from '@shop/contracts/profile';
import type { UserRow } from '../db/schema';
import { conflict, unprocessable } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { matchTotp, newBackupCodes, newTotpSecret, normalizeBackupCode, otpauthUrl } from '../lib/totp';
import { recordAudit } from './audit';
import type { ServiceContext } from './context';
import { checkOwnSecret } from './login-throttle';
import { getSettingsSection } from './settings';

/**
 * Checks the second step of a sign-in: a code of the authenticator app (each accepted once), or
 * one of the backup codes (each usable once). Returns whether it passed.
 */
export async function verifySecondFactor(ctx: ServiceContext, user: Pick<UserRow, 'id' | 'totp_secret' | 'totp_last_step'>, code: string): Promise<boolean> {
  if (!user.totp_secret) return true;
  const step = matchTotp(user.totp_secret, code, ctx.clock.now());
  if (step !== null) {
    if (user.totp_last_step !== null && step <= user.totp_last_step) return false;
    // Only one request can move the step forward, so a code raced twice still opens one session.
    const moved = await ctx.db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }
  const normalized = normalizeBackupCode(code);
  if (normalized.length !== 8) return false;
  const used = await ctx.db
    .updateTable('backup_codes')
    .set({ used_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', user.id)
    .where('code_hash', '=', hashToken(normalized))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function backupCodesLeft(ctx: ServiceContext, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('backup_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Forgets the user's authenticator secret and backup codes (inside the caller's transaction). */
export async function clearTwoFactor(tx: ServiceContext, userId: number): Promise<void> {
  await tx.db.updateTable('users').set({ totp_secret: null, totp_last_step: null }).where('id', '=', userId).execute();
  await tx.db.deleteFrom('backup_codes').where('user_id', '=', userId).execute();
}

/**
 * POST /profile/twofa/toggle. On: a new secret (shown once as a QR code and text) and ten
 * backup codes. Off: needs a current code or a backup code, so an unattended screen cannot.
 */
export async function toggleTwoFactor(ctx: ServiceContext, user: UserRow, input: TwoFaToggleInput): Promise<TwoFaToggleResponse> {
  if (input.enabled) {
    if (user.totp_secret) throw conflict(PROFILE_MESSAGES.twoFaAlreadyOn);
    const secret = newTotpSecret();
    const codes = newBackupCodes();
    const general = await getSettingsSection(ctx, 'general');
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ totp_secret: secret, totp_last_step: null, updated_at: ctx.clock.now().toISOString() }).where('id', '=', user.id).execute();
      await trx.deleteFrom('backup_codes').where('user_id', '=', user.id).execute();
      await trx
        .insertInto('backup_codes')
        .values(codes.map((code) => ({ user_id: user.id, code_hash: hashToken(normalizeBackupCode(code)), used_at: null })))
        .execute();
      await recordAudit(trx, ctx.clock, { userId: user.id, action: 'twofa.enable', entity: 'user', entityId: user.id });
    });
    return {
      message: PROFILE_MESSAGES.twoFaEnabled,
      enabled: true,
      backupCodes: codes,
      secret,
      otpauth_url: otpauthUrl(secret, user.email, general.name || 'Shop console'),
    };
  }

  if (!user.totp_secret) throw conflict(PROFILE_MESSAGES.twoFaAlreadyOff);
  if (!input.code) throw unprocessable(PROFILE_MESSAGES.twoFaCodeNeeded, { field: 'code' });
  if (!(await checkOwnSecret(ctx, user.id, () => verifySecondFactor(ctx, user, input.code!)))) {
    throw unprocessable(PROFILE_MESSAGES.twoFaCodeWrong, { field: 'code' });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await clearTwoFactor({ ...ctx, db: trx }, user.id);
    await recordAudit(trx, ctx.clock, { userId: user.id, action: 'twofa.disable', entity: 'user', entityId: user.id });
  });
  return { message: PROFILE_MESSAGES.twoFaDisabled, enabled: false };
}
