import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950">
      <BrandMark />
      <p className="text-sm font-semibold text-indigo-600 dark:text-indigo-400">404</p>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{t('Page not found')}</h1>
      <p className="max-w-sm text-sm text-slate-500 dark:text-slate-400">
        {t('The page you are looking for does not exist or has moved.')}
      </p>
      <Button asChild>
        <Link to="/dashboard">{t('Back to dashboard')}</Link>
      </Button>
    </main>
  );
}
