import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { isChunkLoadError, retryFailedScreens } from './lazy-screen';

/** How often a screen that could not load tries again by itself while the browser says it is online. */
const RETRY_EVERY_MS = 5_000;

/**
 * A screen that failed, shown inside the console's layout so the sidebar and header stay. A
 * screen whose code could not be fetched says so and tries again when the connection is back
 * (and every few seconds); any other failure offers a reload.
 */
export function ScreenError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const network = isChunkLoadError(error);
  const [retrying, setRetrying] = useState(false);

  useEffect(() => {
    if (!network) console.error(error);
  }, [error, network]);

  useEffect(() => {
    if (!network) return;
    // Navigating to where we are renders the route again, which fetches the screen's code again.
    const retry = () => {
      if (!navigator.onLine) return;
      retryFailedScreens();
      void navigate({ pathname, search, hash }, { replace: true });
    };
    window.addEventListener('online', retry);
    const timer = window.setInterval(retry, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(timer);
    };
  }, [network, navigate, pathname, search, hash]);

  if (network) {
    return (
      <div className="mx-auto max-w-lg space-y-4 py-10 text-center">
        <AlertBanner>{t(NETWORK_ERROR_MESSAGE)}</AlertBanner>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('This screen will open by itself once the connection is back.')}</p>
        <Button
          disabled={retrying}
          onClick={() => {
            setRetrying(true);
            retryFailedScreens();
            void navigate({ pathname, search, hash }, { replace: true });
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
