import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '@/features/auth/session-store';
import { i18n } from '@/lib/i18n';
import { refreshOutbox } from '@/lib/offline/outbox';
import { clearTillDb } from '@/lib/offline/till-db';
import { queryClient } from '@/lib/query-client';

// A screen's first render imports its lazy chunk, which a busy 2-core machine can take seconds
// to transform: findBy… and waitFor wait up to 10 s instead of 1 s before calling a test failed.
configure({ asyncUtilTimeout: 10_000 });

// What Testing Library sets itself when a runner has global hooks (vitest here has none): React's act() is expected.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
  // The till's IndexedDB (the outbox of offline sales, the kept queries) starts empty for each test.
  await clearTillDb();
  await refreshOutbox();
  await i18n.changeLanguage('en');
});
