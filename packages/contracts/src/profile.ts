import { z } from 'zod';
import { API_KEY_SCOPE_REFERENCE, DEFAULT_API_KEY_SCOPE, apiKeyScopeSchema } from './api-key-scopes';
import { listQuerySchema, optionalHttpUrl, optionalText, requiredText, roleSchema } from './common';
import { emailSchema, userSchema } from './user';

/** Channels and topics a user wants to hear about; every one is on for a new account. */
export const notifyPreferencesSchema = z.object({
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
  topics: z.object({
    orders: z.boolean(),
    lowStock: z.boolean(),
    promotions: z.boolean(),
    reports: z.boolean(),
  }),
});
export type NotifyPreferences = z.infer<typeof notifyPreferencesSchema>;
export type NotifyTopic = keyof NotifyPreferences['topics'];

export const DEFAULT_NOTIFY_PREFERENCES: NotifyPreferences = {
  email: true,
  sms: false,
  push: true,
  topics: { orders: true, lowStock: true, promotions: true, reports: true },
};

export const profileSchema = userSchema.extend({
  notify: notifyPreferencesSchema,
  backup_codes_left: z.number().int(),
  /** A till PIN is set (Managers and Admins approve at the till with it). */
  has_pin: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Overview: the signed-in user's own details. `role` is read only for Admins (others keep theirs). */
export const profileUpdateSchema = z.object({
  name: requiredText(200, 'Name'),
  phone: optionalText(40, 'Phone'),
  avatar: optionalHttpUrl('Avatar URL'),
  bio: optionalText(1000, 'Bio'),
  role: roleSchema.optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const emailChangeSchema = z.object({ email: emailSchema });
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

export const PASSWORDS_MUST_MATCH = 'New password and confirmation must match';

/**
 * The screen's own rule comes first (both filled and equal); the length and common-password rules
 * are checked by the server on top, with their own messages.
 */
export const passwordChangeSchema = z
  .object({
    current_password: z.string({ error: 'Enter your current password.' }).min(1, 'Enter your current password.').max(128),
    new_password: z.string({ error: PASSWORDS_MUST_MATCH }).max(128, 'Use at most 128 characters.'),
    new_password_confirmation: z.string({ error: PASSWORDS_MUST_MATCH }).max(128, 'Use at most 128 characters.'),
    /** Leave the user's API keys working; left out or false, the change revokes them all. */
    keep_api_keys: z
      .boolean({ error: 'Say whether your API keys should keep working (true or false).' })
      .default(false)
      .meta({ description: 'Keep my API keys working. Left out or false: every key of mine is revoked with the old password.' }),
  })
  .refine((value) => value.new_password !== '' && value.new_password === value.new_password_confirmation, {
    message: PASSWORDS_MUST_MATCH,
    path: ['new_password_confirmation'],
  });
export type PasswordChangeInput = z.input<typeof passwordChangeSchema>;

/** Turning two-step sign-in off asks for a current code (or a backup code), so an unattended screen cannot. */
export const twoFaToggleSchema = z.object({
  enabled: z.boolean({ error: 'Say whether two-step sign-in should be on or off.' }),
  code: z.string().trim().max(32, 'The code is too long.').optional(),
});
export type TwoFaToggleInput = z.input<typeof twoFaToggleSchema>;

export const twoFaToggleResponseSchema = z.object({
  message: z.string(),
  enabled: z.boolean(),
  /** Only when turning on: shown once, then kept hashed. */
  backupCodes: z.array(z.string()).optional(),
  secret: z.string().optional(),
  otpauth_url: z.string().optional(),
});
export type TwoFaToggleResponse = z.infer<typeof twoFaToggleResponseSchema>;

export const sessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
  last_active_at: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  prefix: z.string(),
  /** The prefix followed by dots: what the screen shows after the key was first displayed. */
  masked: z.string(),
  /** What the key may do (api-key-scopes.ts). */
  scope: apiKeyScopeSchema,
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreateSchema = z.object({
  label: requiredText(100, 'Label', 'Enter a label for the key.'),
  scope: apiKeyScopeSchema.default(DEFAULT_API_KEY_SCOPE).meta({
    description: `What the key may do, within its owner's role; \`${DEFAULT_API_KEY_SCOPE}\` when left out. ${API_KEY_SCOPE_REFERENCE}`,
  }),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;

/** The one answer that carries the whole key. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const activitySchema = z.object({
  id: z.number().int(),
  ts: z.string(),
  /** What was done: create, update, delete, login, logout, or a named account action. */
  type: z.string(),
  /** What it was done to: product, sale, session… */
  entity: z.string(),
  /** The record's name or number when it has one. */
  subject: z.string().nullable(),
  /** The same in words (English), for API clients. */
  detail: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const activityQuerySchema = listQuerySchema.pick({ page: true }).extend({
  per_page: listQuerySchema.shape.per_page.default(8),
});

/** Deleting one's own account asks for the password again. */
export const accountDeleteSchema = z.object({
  password: z.string({ error: 'Enter your password to confirm.' }).min(1, 'Enter your password to confirm.').max(128),
});
export type AccountDeleteInput = z.input<typeof accountDeleteSchema>;

export const PROFILE_MESSAGES = {
  updated: 'Profile updated',
  emailUpdated: 'Email updated',
  passwordUpdated: 'Password updated',
  currentPasswordWrong: 'Your current password is not right.',
  twoFaEnabled: '2FA enabled',
  twoFaDisabled: '2FA disabled',
  twoFaAlreadyOn: 'Two-step sign-in is already on.',
  twoFaAlreadyOff: 'Two-step sign-in is already off.',
  twoFaCodeNeeded: 'Enter a current code from your authenticator app, or a backup code, to turn two-step sign-in off.',
  twoFaCodeWrong: 'That code is not valid.',
  notifyUpdated: 'Notification settings saved',
  sessionRevoked: 'Session signed out',
  othersRevoked: 'Signed out of every other session',
  sessionNotFound: 'Session not found.',
  keyCreated: 'API key created. Copy it now: it will not be shown again.',
  keyRevoked: 'API key revoked',
  keyNotFound: 'API key not found.',
  keysNeedSession: 'API keys cannot change account security. Sign in to the console to do this.',
  deactivated: 'Your account is deactivated. An Admin can reactivate it.',
  deleted: 'Your account was deleted.',
} as const;
