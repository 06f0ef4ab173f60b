import { z } from 'zod';
import { listQuerySchema, optionalChoiceFilter, requiredText, ROLE_NAMES, roleSchema } from './common';
import { newPasswordSchema } from './password';

/** Pending: signed up, waiting for an Admin. Deactivated: may not sign in until reactivated. */
export const USER_STATUSES = ['Active', 'Pending', 'Deactivated'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  status: userStatusSchema,
  two_fa_enabled: z.boolean(),
  created_at: z.string(),
  deactivated_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A staff account as the Users screen lists it: the user plus when they were last seen. */
export const staffAccountSchema = userSchema.extend({
  last_active_at: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const userListQuerySchema = listQuerySchema.extend({
  role: optionalChoiceFilter(ROLE_NAMES, 'Role'),
  status: optionalChoiceFilter(USER_STATUSES, 'Status'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const emailSchema = requiredText(254, 'Email').pipe(z.email('Enter a valid email address.'));

/** An Admin adds a staff account with a first password the person changes later. */
export const userCreateSchema = z.object({
  name: requiredText(200, 'Name'),
  email: emailSchema,
  role: roleSchema,
  password: newPasswordSchema,
});
export type UserCreateInput = z.input<typeof userCreateSchema>;

export const userUpdateSchema = z.object({
  name: requiredText(200, 'Name'),
  email: emailSchema,
  role: roleSchema,
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;

/** An Admin sets a new password for someone who forgot theirs. */
export const userPasswordSchema = z.object({ password: newPasswordSchema });
export type UserPasswordInput = z.input<typeof userPasswordSchema>;

export const USER_MESSAGES = {
  notFound: 'User not found.',
  emailTaken: 'An account with this email already exists.',
  lastAdmin: 'The shop needs at least one active Admin. Make someone else an Admin first.',
  pending: 'Your account is waiting for an administrator to approve it.',
  notPending: 'This account is not waiting for approval.',
  created: 'User added',
  updated: 'User updated',
  approved: 'Account approved',
  rejected: 'Sign-up rejected',
  deactivated: 'Account deactivated',
  reactivated: 'Account reactivated',
  passwordSet: 'Password set. Their other sessions were signed out.',
  twoFaReset: 'Two-factor sign-in turned off for this user.',
} as const;
