import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of up to two words of the name', () => {
    expect(initials('sokha chan', 'x@y.z')).toBe('SC');
    expect(initials('Mary Ann Lee')).toBe('MA');
    expect(initials('  Dara  ')).toBe('D');
  });

  it('falls back to the e-mail when there is no name', () => {
    expect(initials('', 'admin@demo.shop')).toBe('A');
    expect(initials(null, 'john.doe@shop.com')).toBe('JD');
  });

  it('is empty with neither', () => {
    expect(initials(undefined, undefined)).toBe('');
  });
});
