import { z } from 'zod';
import { requiredText } from './common';
import { newPasswordSchema } from './password';
import { emailSchema, userSchema } from './user';

export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'Email is required.' })
    .trim()
    .min(1, 'Email is required.')
    .max(254, 'Email is too long.'),
  password: z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .max(128, 'Password is too long.'),
  /** The 6-digit code of an authenticator app, or a backup code, when the account uses two-step sign-in. */
  code: z
    .string({ error: 'Enter the code from your authenticator app.' })
    .trim()
    .max(32, 'The code is too long.')
    .optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The password was right; the account also wants its second step before a session opens. */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  message: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const loginAnswerSchema = z.union([loginResponseSchema, twoFactorChallengeSchema]);

export const meResponseSchema = z.object({ data: userSchema });

export const AUTH_MESSAGES = {
  invalidCredentials: 'These credentials do not match our records.',
  deactivated: 'This account has been deactivated. Ask an administrator to reactivate it.',
  loggedOut: 'Logged out successfully',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.',
  codeInvalid: 'That code is not valid. Check the time on your phone and try again.',
  signedUp: 'Signed up! An administrator will approve your account before you can sign in.',
} as const;

/** Anyone may ask for an account; it waits as a pending Staff account until an Admin approves it. */
export const signUpRequestSchema = z.object({
  name: requiredText(200, 'Name'),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;
