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

/**
 * Adds a longer list (the server adds tens of thousands from a well-kept dictionary, through
 * `extendCommonPasswordsLater`; the console keeps only the short list above, so its pages stay
 * small and the server has the last word).
 */
export function extendCommonPasswords(passwords: Iterable<string>): void {
  for (const password of passwords) if (password.length >= PASSWORD_MIN) COMMON_PASSWORDS.add(password.toLowerCase());
}

let laterSource: (() => Iterable<string>) | null = null;

/**
 * A longer list read the first time a password is checked rather than now: the server's
 * dictionary takes a few megabytes it need not hold until someone sets a password.
 */
export function extendCommonPasswordsLater(source: () => Iterable<string>): void {
  laterSource = source;
}

export function isCommonPassword(password: string): boolean {
  if (laterSource) {
    const source = laterSource;
    laterSource = null;
    extendCommonPasswords(source());
  }
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Spaces do not count towards the length: eight spaces are no password. */
const countedLength = (password: string) => password.replace(/\s/g, '').length;

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX} characters.`,
  common: 'This password is too common. Choose one that is harder to guess.',
  blank: `Use at least ${PASSWORD_MIN} characters that are not spaces.`,
  oneCharacter: 'Do not use one character over and over.',
} as const;

/**
 * A new password: 8–128 characters, at least 8 of them not spaces, not one character repeated,
 * and not one of the first a guesser tries.
 */
export const newPasswordSchema = z
  .string({ error: PASSWORD_MESSAGES.tooShort })
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.tooLong)
  .refine((value) => value.length < PASSWORD_MIN || countedLength(value) >= PASSWORD_MIN, PASSWORD_MESSAGES.blank)
  .refine((value) => countedLength(value) < PASSWORD_MIN || new Set(value.replace(/\s/g, '')).size > 1, PASSWORD_MESSAGES.oneCharacter)
  .refine((value) => !isCommonPassword(value), PASSWORD_MESSAGES.common);
