import './app/early-reads';
import './app/early-screen';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { FirstFrame } from './app/first-frame';
import { AppProviders } from './app/providers';
import { createAppRouter, preloadScreen } from './app/router';
import { holdRequestsUntil } from './lib/api-client';
import { languageReady } from './lib/i18n';
import { restoreKeptCatalog } from './features/pos/api/get-pos-catalog';
import { persistTillCache } from './lib/offline/persist';
import { registerAppWorker } from './lib/offline/app-worker';
import { queryClient } from './lib/query-client';
import { applyTheme } from './lib/theme';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

// The console's files come from the service worker's cache: it opens with no network at all.
registerAppWorker();

/** What the first render waits for, at most 2 s: past that, the screen shows its own loading state. */
const atMost2s = (work: Promise<void>) => Promise.race([work.catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, 2_000))]);

// The screen opened is fetched alongside, so the first render draws it, not a spinner
// (app/lazy-screen.tsx); one that cannot be fetched is left to its route's error page. The till
// also reads its kept catalogue meanwhile, so it opens with its products.
const screenReady = atMost2s(preloadScreen(window.location.pathname));
const tillReady = window.location.pathname === '/sale' ? atMost2s(restoreKeptCatalog(queryClient)) : Promise.resolve();

// The first frame comes before the screen's requests are built and sent (at most 3 s after the start).
let firstFrameShown = () => {};
holdRequestsUntil(new Promise<void>((resolve) => {
  firstFrameShown = resolve;
  setTimeout(resolve, 3_000);
}));

// A Khmer user's texts arrive before the first paint, so the console never flashes English; the
// till's kept catalogue and settings are back before it draws, so it sells with no server.
void Promise.all([languageReady, persistTillCache(queryClient), screenReady, tillReady]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
        <FirstFrame onShown={firstFrameShown} />
      </AppProviders>
    </StrictMode>,
  ),
);
