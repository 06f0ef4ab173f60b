import '@fontsource-variable/inter';
import '@fontsource-variable/noto-sans-khmer';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { languageReady } from './lib/i18n';
import { readKeptCatalogEarly } from './lib/offline/catalog-cache';
import { persistTillCache } from './lib/offline/persist';
import { registerAppWorker } from './lib/offline/app-worker';
import { queryClient } from './lib/query-client';
import { applyTheme } from './lib/theme';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

// The console's files come from the service worker's cache: it opens with no network at all.
registerAppWorker();

// The till opened: its kept catalogue is read while the rest starts.
if (window.location.pathname === '/sale') readKeptCatalogEarly();

// A Khmer user's texts arrive before the first paint, so the console never flashes English; the
// till's kept catalogue and settings are back before it draws, so it sells with no server.
void Promise.all([languageReady, persistTillCache(queryClient)]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  ),
);
