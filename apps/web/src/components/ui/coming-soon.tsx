import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from './card';
import { PageTitle } from './page-title';

/** Stand-in for a screen whose feature work has not landed yet; replaced in place later. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={title} />
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
          <Construction aria-hidden className="size-6" />
        </span>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('This screen is coming soon.')}</p>
      </Card>
    </section>
  );
}
