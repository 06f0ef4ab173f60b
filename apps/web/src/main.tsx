import '@fontsource-variable/inter';
import '@fontsource-variable/noto-sans-khmer';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { languageReady } from './lib/i18n';
import { applyTheme } from './lib/theme';

applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

// A Khmer user's texts arrive before the first paint, so the console never flashes English.
void languageReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  ),
);
