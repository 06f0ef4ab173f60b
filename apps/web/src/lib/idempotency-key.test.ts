import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a new random UUID each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('still makes one on a plain-http page, where crypto.randomUUID is missing', () => {
    vi.stubGlobal('isSecureContext', false);
    const randomUUID = vi.spyOn(crypto, 'randomUUID');
    const key = newIdempotencyKey();
    expect(randomUUID).not.toHaveBeenCalled();
    expect(key).toMatch(UUID_V4);
    expect(key).not.toBe(newIdempotencyKey());
  });
});
