import { describe, expect, it } from 'vitest';
import { extendCommonPasswordsLater, newPasswordSchema, PASSWORD_MESSAGES } from './password';

describe('common passwords', () => {
  it('reads a longer list only when a password is first checked, once, and refuses what it holds', () => {
    let reads = 0;
    extendCommonPasswordsLater(() => {
      reads += 1;
      return ['Mekong-River-2026', 'short'];
    });
    expect(reads).toBe(0);

    const refused = newPasswordSchema.safeParse('mekong-river-2026');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_MESSAGES.common]);
    expect(newPasswordSchema.safeParse('Tonle-Sap-2026').success).toBe(true);
    // The short list is still there, and the source is not read again.
    expect(newPasswordSchema.safeParse('password123').success).toBe(false);
    expect(reads).toBe(1);
  });
});
