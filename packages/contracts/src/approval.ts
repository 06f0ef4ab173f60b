import { z } from 'zod';
import type { Permission } from './permissions';

/*
 * A Manager's till PIN approves on the spot what a cashier's role may not do alone (switching
 * tax off, another service charge, a refund). The approval is a short-lived token for one
 * permission, sent with the sale or refund it is for (docs/decisions/0011-manager-approvals.md).
 */

/** The rights a PIN can lend, each a permission of the table. */
export const APPROVABLE_PERMISSIONS = ['sales:override-tax', 'sales:refund', 'shifts:manage', 'sales:discount-beyond-limit'] as const satisfies readonly Permission[];
export type ApprovablePermission = (typeof APPROVABLE_PERMISSIONS)[number];

/** How long an approval stays good for the cashier who asked for it. */
export const APPROVAL_MINUTES = 10;

const approvablePermission = z.enum(APPROVABLE_PERMISSIONS, { error: 'Choose what is to be approved.' });

/** 4 to 6 digits: quick on a keypad, and guessed at most a few times before it locks. */
export const pinSchema = z
  .string({ error: 'The PIN is 4 to 6 digits.' })
  .trim()
  .regex(/^\d{4,6}$/, 'The PIN is 4 to 6 digits.');

/** POST /approvals: the approver, their PIN, and what they approve. */
export const approvalInputSchema = z.object({
  approver_id: z.number({ error: 'Choose who approves.' }).int('Choose who approves.').positive('Choose who approves.'),
  pin: pinSchema,
  permission: approvablePermission,
});
export type ApprovalInput = z.input<typeof approvalInputSchema>;

export const approverSchema = z.object({ id: z.number().int(), name: z.string() });
export type Approver = z.infer<typeof approverSchema>;

export const approvalSchema = z.object({
  /** Sent as `approval_token` with the sale or refund; good for APPROVAL_MINUTES, for the one who asked. */
  token: z.string(),
  approver: approverSchema,
  expires_at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

export const approversQuerySchema = z.object({ permission: approvablePermission });

/** PUT /profile/pin: set, change (`pin`) or remove (`pin: null`) my till PIN; asks for my password. */
export const pinChangeSchema = z.object({
  current_password: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(128),
  pin: pinSchema.nullable(),
});
export type PinChangeInput = z.input<typeof pinChangeSchema>;

export const APPROVAL_MESSAGES = {
  approved: 'Approved',
  pinWrong: 'The PIN is not right.',
  cannotApprove: 'This person cannot approve this.',
  overrideNeedsApproval: "Switching tax off or changing the service charge needs a Manager's approval.",
  refundNeedsApproval: "A refund needs a Manager's approval.",
  approvalInvalid: "The Manager's approval has expired or is not for this. Ask for it again.",
  serviceOverMax: 'The service charge is more than the largest the shop allows.',
  pinSet: 'Till PIN saved',
  pinRemoved: 'Till PIN removed',
  pinNotAllowed: 'Only a Manager or an Admin can have a till PIN.',
} as const;
