import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * Shown when a screen crashes or its code cannot be loaded (typically a stale tab after a new
 * version was deployed); reloading fetches the current files.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{t('Something went wrong')}</h1>
      <p className="max-w-sm text-sm text-slate-500 dark:text-slate-400">{t('Reload the page to try again.')}</p>
      <Button onClick={() => window.location.reload()}>{t('Reload')}</Button>
    </main>
  );
}
