import { z } from 'zod';
import { userSchema } from './user';

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
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  user: userSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const meResponseSchema = z.object({ data: userSchema });

export const AUTH_MESSAGES = {
  invalidCredentials: 'These credentials do not match our records.',
  deactivated: 'This account has been deactivated. Ask an administrator to reactivate it.',
  loggedOut: 'Logged out successfully',
} as const;
