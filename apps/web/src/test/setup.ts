import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '@/features/auth/session-store';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

// jsdom has no matchMedia; the console asks it for the OS theme and the desktop breakpoint.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

afterEach(async () => {
  cleanup();
  clearSession();
  queryClient.clear();
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});
