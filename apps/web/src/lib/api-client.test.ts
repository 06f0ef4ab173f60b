import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { apiRequest, ApiError, holdRequestsUntil, setApiEventHandlers, TIMEOUT_MESSAGE } from './api-client';

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('apiRequest', () => {
  const unregister: Array<() => void> = [];
  afterEach(() => unregister.splice(0).forEach((fn) => fn()));

  function handlers() {
    const spies = { onUnauthorized: vi.fn(), onForbidden: vi.fn(), onNetworkError: vi.fn() };
    unregister.push(setApiEventHandlers(spies));
    return spies;
  }

  it('sends JSON with the stored bearer token to /api', async () => {
    localStorage.setItem('access_token', 'abc');
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { id: 7 } }));

    const result = await apiRequest<{ data: { id: number } }>('/products', {
      method: 'POST',
      body: { name: 'Latte' },
      query: { page: 2, q: '', active: true },
    });

    expect(result).toEqual({ data: { id: 7 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/products?page=2&active=1');
    expect(init?.body).toBe('{"name":"Latte"}');
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer abc',
    });
  });

  it('falls back to the older `token` key for the bearer token', async () => {
    localStorage.setItem('token', 'old');
    const fetchMock = mockFetch(() => jsonResponse(200, {}));
    await apiRequest('/me');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Authorization: 'Bearer old' });
  });

  it('sends extra headers, such as an Idempotency-Key', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, {}));
    await apiRequest('/sales/1/refunds', { method: 'POST', body: {}, headers: { 'idempotency-key': 'key-12345678' } });
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'idempotency-key': 'key-12345678', Accept: 'application/json' });
  });

  it("uses the body's message, else its error field", async () => {
    handlers();
    mockFetch(() => jsonResponse(409, { message: 'SKU already exists.', error: 'ignored' }));
    expect(await failureOf(apiRequest('/products'))).toMatchObject({ status: 409, message: 'SKU already exists.' });

    mockFetch(() => jsonResponse(400, { error: 'Bad filter' }));
    expect(await failureOf(apiRequest('/products'))).toMatchObject({ status: 400, message: 'Bad filter' });
  });

  it('keeps 422 field errors', async () => {
    const errors = { email: ['Email is required.'] };
    mockFetch(() => jsonResponse(422, { message: 'The given data was invalid.', errors }));
    const error = await failureOf(apiRequest('/login', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, errors });
  });

  it("says 'HTTP {status}' plus at most 400 characters of a plain-text body", async () => {
    const text = 'x'.repeat(450);
    mockFetch(() => new Response(text, { status: 500, headers: { 'content-type': 'text/plain' } }));
    const error = await failureOf(apiRequest('/reports'));
    expect(error).toMatchObject({ status: 500, message: `HTTP 500: ${'x'.repeat(400)}` });

    mockFetch(() => jsonResponse(500, {}));
    expect(await failureOf(apiRequest('/reports'))).toMatchObject({ message: 'HTTP 500' });
  });

  it('ignores aborted requests silently', async () => {
    const spies = handlers();
    mockFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    const controller = new AbortController();
    controller.abort();

    const error = await failureOf(apiRequest('/products', { signal: controller.signal }));

    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(spies.onNetworkError).not.toHaveBeenCalled();
    expect(spies.onUnauthorized).not.toHaveBeenCalled();
  });

  it('on 401 removes the stored session and calls the unauthorized handler', async () => {
    const spies = handlers();
    localStorage.setItem('access_token', 'revoked');
    localStorage.setItem('token', 'older');
    localStorage.setItem('auth_user', '{"name":"A"}');
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));

    const error = await failureOf(apiRequest('/me'));

    expect(error).toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
    expect(spies.onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves a 401 to the caller when global handling is off (the login call)', async () => {
    const spies = handlers();
    localStorage.setItem('access_token', 'kept');
    mockFetch(() => jsonResponse(401, { message: 'These credentials do not match our records.' }));

    await failureOf(apiRequest('/login', { method: 'POST', body: {}, globalErrorHandling: false }));

    expect(localStorage.getItem('access_token')).toBe('kept');
    expect(spies.onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports 403 and network failures to their handlers', async () => {
    const spies = handlers();
    mockFetch(() => jsonResponse(403, { message: "Forbidden — you don't have permission." }));
    await failureOf(apiRequest('/settings'));
    expect(spies.onForbidden).toHaveBeenCalledOnce();

    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(apiRequest('/settings'));
    expect(error).toMatchObject({ status: 0, message: 'Network error — check your connection.' });
    expect(spies.onNetworkError).toHaveBeenCalledOnce();
  });

  it('announces a lost connection once, not again while the console already shows it is offline', async () => {
    const spies = handlers();
    mockFetch(() => jsonResponse(200, {}));
    await apiRequest('/me');
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await failureOf(apiRequest('/settings'));
    await failureOf(apiRequest('/notifications'));
    expect(spies.onNetworkError).toHaveBeenCalledOnce();

    // The server answers again, then is lost again: said again.
    mockFetch(() => jsonResponse(200, {}));
    await apiRequest('/me');
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await failureOf(apiRequest('/settings'));
    expect(spies.onNetworkError).toHaveBeenCalledTimes(2);

    // A browser that knows it has no network: the header says Offline, no toast.
    mockFetch(() => jsonResponse(200, {}));
    await apiRequest('/me');
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failureOf(apiRequest('/settings'));
    expect(error).toMatchObject({ status: 0, message: 'Network error — check your connection.' });
    expect(spies.onNetworkError).toHaveBeenCalledTimes(2);
  });

  it('gives up after timeoutMs with a timeout error that is not an abort', async () => {
    const spies = handlers();
    mockFetch((_url, init) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))));

    const error = await failureOf(apiRequest('/units', { timeoutMs: 20 }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: TIMEOUT_MESSAGE });
    expect(spies.onNetworkError).not.toHaveBeenCalled();
  });

  it('still treats the caller aborting as an abort when a timeout is set', async () => {
    mockFetch((_url, init) => new Promise<Response>((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))));
    const controller = new AbortController();
    const request = failureOf(apiRequest('/units', { timeoutMs: 10_000, signal: controller.signal }));
    controller.abort();
    expect(await request).toMatchObject({ name: 'AbortError' });
  });

  it('holds calls made before the first frame until it is shown, then sends them', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { data: { id: 7 } }));
    let shown = () => {};
    holdRequestsUntil(new Promise<void>((resolve) => (shown = resolve)));
    const answer = apiRequest<{ data: { id: number } }>('/settings');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    shown();
    expect(await answer).toEqual({ data: { id: 7 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Released once: later calls go at once.
    await apiRequest('/me');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
