import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// Passwords that guessing tools try first. Compared without case, digits and symbols kept.
const COMMON_PASSWORDS = new Set([
  '00000000', '11111111', '12121212', '12344321', '12345678', '123456789', '1234567890', '123123123', '12341234',
  '87654321', '88888888', '99999999', '1q2w3e4r', '1qaz2wsx', 'a1b2c3d4', 'aa123456', 'abc12345', 'abcd1234',
  'abcdefgh', 'admin123', 'administrator', 'asdfghjk', 'asdf1234', 'baseball', 'changeme', 'computer', 'football',
  'iloveyou', 'letmein1', 'login123', 'master12', 'passw0rd', 'password', 'password1', 'password12', 'password123',
  'p@ssw0rd', 'p@ssword', 'princess', 'q1w2e3r4', 'qwerty12', 'qwerty123', 'qwertyui', 'qwertyuiop', 'sunshine',
  'superman', 'trustno1', 'welcome1', 'welcome123', 'zaq12wsx', 'shop1234', 'cafe1234', 'cashier1', 'manager1',
  'staff123', 'coffee12', 'phnompenh', 'cambodia', 'cambodia1',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX} characters.`,
  common: 'This password is too common. Choose one that is harder to guess.',
} as const;

/** A new password: 8–128 characters and not one of the first a guesser tries. */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong)
  .refine((value) => !isCommonPassword(value), PASSWORD_MESSAGES.common);
