import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { isChunkLoadError } from './lazy-screen';

/** How often a screen that could not load tries again by itself while the browser says it is online. */
const RETRY_EVERY_MS = 5_000;

/**
 * Whether the console's server answers now: the browser's online flag only says that some
 * network is there, and reloading while the server is unreachable would swap the console for
 * the browser's own error page.
 */
async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch('/api/health', { cache: 'no-store' })).ok;
  } catch {
    return false;
  }
}

/**
 * Loads the page again once the server answers. Browsers remember a screen's code that failed
 * to arrive for as long as the page lives (Chromium does), so asking for it again in place
 * cannot work; a reload can, and it also picks up a newer version of the console if one was
 * installed meanwhile. The till's cart is kept in storage, so nothing is lost.
 */
async function reloadWhenServerAnswers(): Promise<boolean> {
  if (!navigator.onLine || !(await serverAnswers())) return false;
  window.location.reload();
  return true;
}

/**
 * A screen that failed, shown inside the console's layout so the sidebar and header stay. A
 * screen whose code could not be fetched says so and opens by itself when the connection is
 * back (checked on the browser's online event and every few seconds); any other failure offers
 * a reload.
 */
export function ScreenError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const network = isChunkLoadError(error);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (!network) console.error(error);
  }, [error, network]);

  useEffect(() => {
    if (!network) return;
    const retry = () => void reloadWhenServerAnswers();
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [network]);

  if (network) {
    return (
      <div className="mx-auto max-w-lg space-y-4 py-10 text-center">
        <AlertBanner>{t(NETWORK_ERROR_MESSAGE)}</AlertBanner>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('This screen will open by itself once the connection is back.')}</p>
        <Button
          disabled={retrying}
          onClick={async () => {
            setRetrying(true);
            // Still unreachable: the message stays and the button can be pressed again.
            if (!(await reloadWhenServerAnswers())) setRetrying(false);
          }}
        >
          {t('Retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg space-y-4 py-10 text-center" role="alert">
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('Something went wrong')}</h1>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('Reload the page to try again.')}</p>
      <Button onClick={() => window.location.reload()}>{t('Reload')}</Button>
    </div>
  );
}
