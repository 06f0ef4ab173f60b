import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchTotp, newBackupCodes, totpCode } from '../src/lib/totp';

// RFC 6238 appendix B (SHA-1 key "12345678901234567890"); authenticator apps show the last 6 digits.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
];

describe('time-based one-time codes', () => {
  it('match the RFC 6238 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(totpCode(RFC_SECRET, Math.floor(seconds / 30)), String(seconds)).toBe(code);
  });

  it('round-trips base32 and accepts a code one step early or late, not two', () => {
    expect(base32Decode(RFC_SECRET).toString()).toBe('12345678901234567890');
    const at = new Date(1234567890 * 1000);
    expect(matchTotp(RFC_SECRET, '005924', at)).toBe(Math.floor(1234567890 / 30));
    expect(matchTotp(RFC_SECRET, '005924', new Date(at.getTime() + 30_000))).not.toBeNull();
    expect(matchTotp(RFC_SECRET, '005924', new Date(at.getTime() + 60_000))).toBeNull();
    expect(matchTotp(RFC_SECRET, '5924', at)).toBeNull();
  });

  it('makes ten different backup codes', () => {
    const codes = newBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
  });
});
