import { vi } from 'vitest';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch for one test (vitest restores globals after each test). */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve(handler(url, init));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const demoUser = {
  id: 1,
  name: 'Sokha Chan',
  email: 'admin@demo.shop',
  role: 'Admin' as const,
  phone: null,
  avatar: null,
  bio: null,
  status: 'Active' as const,
  two_fa_enabled: false,
  created_at: '2025-01-01T00:00:00.000Z',
  deactivated_at: null,
};
