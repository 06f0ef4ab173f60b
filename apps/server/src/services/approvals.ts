import { tillServicePercent } from '@shop/contracts/pricing';
import { APPROVAL_MESSAGES, APPROVAL_MINUTES, type Approval, type ApprovablePermission, type Approver } from '@shop/contracts/approval';
import { toBasisPoints } from '@shop/contracts/money';
import { rolesWith } from '@shop/contracts/permissions';
import type { saleInputSchema } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import type { z } from 'zod';
import { forbidden, unprocessable } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { hashToken, newToken } from '../lib/tokens';
import { recordAudit } from './audit';
import { actorCan, type Actor, type ServiceContext } from './context';
import { pinKeys, reserveAttempt } from './login-throttle';

/*
 * A Manager's approval at the till (docs/decisions/0011-manager-approvals.md). A cashier asks,
 * the Manager types their PIN on the till, and the cashier gets a token that lends them one
 * permission for a few minutes. A sale or refund that needs the permission takes the token
 * instead, and records who approved it.
 */

/** Those who may approve a permission: active, holding it, with a till PIN set. */
function approversOf(ctx: ServiceContext, permission: ApprovablePermission) {
  return ctx.db
    .selectFrom('users')
    .where('role', 'in', [...rolesWith(permission)])
    .where('pin_hash', 'is not', null)
    .where('pending', '=', 0)
    .where('deactivated_at', 'is', null)
    .where('deleted_at', 'is', null);
}

/** GET /approvers: who the till's prompt offers, by name. */
export async function listApprovers(ctx: ServiceContext, permission: ApprovablePermission): Promise<Approver[]> {
  return approversOf(ctx, permission).select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

/**
 * POST /approvals: the approver's PIN checked under the same kind of limit as a password
 * (a few wrong PINs lock that approver's PIN for a while, from every till), then a token for
 * the cashier who asked, audited.
 */
export async function grantApproval(
  ctx: ServiceContext,
  input: { approver_id: number; pin: string; permission: ApprovablePermission },
  actor: Actor,
): Promise<Approval> {
  const approver = await approversOf(ctx, input.permission).select(['id', 'name', 'pin_hash']).where('id', '=', input.approver_id).executeTakeFirst();
  if (!approver) throw unprocessable(APPROVAL_MESSAGES.cannotApprove, { field: 'approver_id' });
  const attempt = await reserveAttempt(ctx, pinKeys(approver.id), 'secret');
  if (!(await verifyPassword(approver.pin_hash!, input.pin))) throw unprocessable(APPROVAL_MESSAGES.pinWrong, { field: 'pin' });
  await attempt.succeeded();

  const token = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + APPROVAL_MINUTES * 60_000).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('approvals')
      .values({ token_hash: hashToken(token), permission: input.permission, approver_id: approver.id, requested_by: actor.userId, created_at: now.toISOString(), expires_at: expiresAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, ctx.clock, {
      userId: actor.userId,
      action: 'approval.grant',
      entity: 'approval',
      entityId: id,
      after: { permission: input.permission, approver_id: approver.id, approver: approver.name, expires_at: expiresAt },
    });
  });
  return { token, approver: { id: approver.id, name: approver.name }, expires_at: expiresAt };
}

/**
 * The approver behind a token, if it is for this permission, was given to this actor, has not
 * expired, and its approver may still approve; else null.
 */
async function redeem(tx: ServiceContext, token: string, permission: ApprovablePermission, actor: Actor): Promise<number | null> {
  const approval = await tx.db
    .selectFrom('approvals')
    .select(['approver_id', 'expires_at'])
    .where('token_hash', '=', hashToken(token))
    .where('permission', '=', permission)
    .where('requested_by', '=', actor.userId)
    .executeTakeFirst();
  if (!approval || approval.expires_at <= tx.clock.now().toISOString()) return null;
  const approver = await approversOf(tx, permission).select('id').where('id', '=', approval.approver_id).executeTakeFirst();
  return approver?.id ?? null;
}

/**
 * What a cashier may do only if they hold the permission or bring an approval for it. Returns
 * who approved (null when the actor needed no one), or throws 403 with `refusal`.
 */
export async function authorizeApproval(tx: ServiceContext, permission: ApprovablePermission, token: string | null, actor: Actor, refusal: string): Promise<number | null> {
  if (actorCan(actor, permission)) return null;
  if (token === null) throw forbidden(refusal);
  const approver = await redeem(tx, token, permission, actor);
  if (approver === null) throw forbidden(APPROVAL_MESSAGES.approvalInvalid);
  return approver;
}

/**
 * Checkout step: tax and service are the shop's, not the cashier's. More than the largest
 * service charge is refused outright; tax switched off, or a service percent other than the
 * shop's, needs `sales:override-tax` or a Manager's approval for it. Returns who approved.
 * A sale made offline is held to the service charge and tax switch the till had then
 * (`offline.shop_service_percent`, `offline.shop_tax_enabled`): what the shop changed since
 * does not make it an override, and the till's own service charge is never over the largest
 * (docs/decisions/0016-offline-selling.md).
 */
export async function approveOverrides(tx: ServiceContext, input: z.output<typeof saleInputSchema>, settings: Settings, actor: Actor): Promise<number | null> {
  const offline = input.offline;
  const serviceBp = toBasisPoints(input.service_percent);
  const shopServiceBp = toBasisPoints(offline?.shop_service_percent ?? tillServicePercent(settings.service));
  const tillDefault = offline !== null && serviceBp === shopServiceBp;
  if (serviceBp > toBasisPoints(settings.service.maxPercent) && !tillDefault) throw unprocessable(APPROVAL_MESSAGES.serviceOverMax, { field: 'service_percent' });
  const taxOff = (offline?.shop_tax_enabled ?? settings.taxes.enabled) && !input.tax_enabled;
  const otherService = serviceBp !== shopServiceBp;
  if (!taxOff && !otherService) return null;
  return authorizeApproval(tx, 'sales:override-tax', input.approval_token, actor, APPROVAL_MESSAGES.overrideNeedsApproval);
}

/** Refund step: `sales:refund`, or a Manager's approval for it. Returns who approved. */
export function approveRefund(tx: ServiceContext, token: string | null, actor: Actor): Promise<number | null> {
  return authorizeApproval(tx, 'sales:refund', token, actor, APPROVAL_MESSAGES.refundNeedsApproval);
}

/** Records who approved a refund (after the refund step wrote it). */
export async function recordRefundApprover(tx: ServiceContext, refundId: number, approverId: number | null): Promise<void> {
  if (approverId !== null) await tx.db.updateTable('refunds').set({ approved_by: approverId }).where('id', '=', refundId).execute();
}
