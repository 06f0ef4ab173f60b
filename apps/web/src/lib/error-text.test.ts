import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_MESSAGE } from './api-client';
import { failureText, loadFailureText } from './error-text';

describe('failureText', () => {
  it("adds the server's reason to the screen's text", () => {
    const error = new ApiError(409, 'This category is used by 3 products.', { serverMessage: 'This category is used by 3 products.' });
    expect(failureText(error, 'Delete failed')).toBe('Delete failed: This category is used by 3 products.');
  });

  it('keeps the short text when the server gave no reason, or a global toast already says why', () => {
    expect(failureText(new ApiError(500, 'HTTP 500'), 'Save failed')).toBe('Save failed');
    expect(failureText(new ApiError(0, NETWORK_ERROR_MESSAGE), 'Save failed')).toBe('Save failed');
    expect(failureText(new ApiError(403, 'Forbidden', { serverMessage: 'Forbidden' }), 'Save failed')).toBe('Save failed');
    expect(failureText(new Error('boom'), 'Save failed')).toBe('Save failed');
  });

  it('names a timeout', () => {
    expect(failureText(new ApiError(0, TIMEOUT_MESSAGE), 'Failed to load products')).toBe(`Failed to load products: ${TIMEOUT_MESSAGE}`);
  });

  it('words a 429 in the reader language from the wait the server gave', async () => {
    const { i18n, switchLanguage } = await import('./i18n');
    await switchLanguage('kh');
    const error = new ApiError(429, 'Too many wrong attempts. Try again in 15 minutes.', {
      serverMessage: 'Too many wrong attempts. Try again in 15 minutes.',
      body: { message: 'Too many wrong attempts. Try again in 15 minutes.', retry_after: 840 },
    });
    const kh = i18n.getFixedT('kh');
    expect(failureText(error, kh('Failed to toggle 2FA'), kh)).toContain('រង់ចាំ 14 នាទី');
    await switchLanguage('en');
    expect(failureText(error, 'Failed to toggle 2FA', i18n.getFixedT('en'))).toBe('Failed to toggle 2FA: Too many attempts. Wait 14 min and try again.');
  });

  it('says nothing for an aborted request or a 401', () => {
    expect(failureText(new DOMException('aborted', 'AbortError'), 'Save failed')).toBeNull();
    expect(failureText(new ApiError(401, 'Unauthenticated.', { serverMessage: 'Unauthenticated.' }), 'Save failed')).toBeNull();
  });
});

describe('loadFailureText', () => {
  it("says a 403 is a missing permission, and keeps the screen's text otherwise", () => {
    const forbidden = new ApiError(403, "Forbidden — you don't have permission.", { serverMessage: "Forbidden — you don't have permission." });
    expect(loadFailureText(forbidden, 'Failed to load suppliers')).toBe("Failed to load suppliers: Forbidden — you don't have permission.");
    expect(loadFailureText(new ApiError(500, 'HTTP 500'), 'Failed to load suppliers')).toBe('Failed to load suppliers');
  });
});
