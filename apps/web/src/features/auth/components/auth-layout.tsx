import type { ReactNode } from 'react';
import { ChartColumn, Boxes, ScanBarcode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '@/components/ui/brand-mark';

/** The frame of the public pages: no sidebar or header, a product panel on wide screens. */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const highlights = [
    { icon: ScanBarcode, text: t('Ring up sales at the till in seconds') },
    { icon: Boxes, text: t('Keep stock, supplies and expiry dates in check') },
    { icon: ChartColumn, text: t('See sales, purchase and stock reports') },
  ];

  return (
    <div className="grid min-h-dvh bg-slate-50 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] dark:bg-slate-950">
      <aside className="relative hidden overflow-hidden bg-linear-to-br from-indigo-600 via-indigo-700 to-violet-800 p-12 dark:from-indigo-800 dark:via-indigo-900 dark:to-violet-950 text-white lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div aria-hidden className="absolute -bottom-32 -left-16 size-96 rounded-full bg-violet-400/20 blur-3xl" />
        <div className="relative flex items-center gap-3">
          <BrandMark tone="glass" />
          <span className="text-lg font-semibold">Shop Admin</span>
        </div>
        <div className="relative max-w-md">
          <p className="text-3xl leading-tight font-semibold">{t('Run your shop from one place.')}</p>
          <ul className="mt-8 space-y-4">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-3 text-indigo-50">
                <span className="inline-flex size-9 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/20">
                  <Icon aria-hidden className="size-5" />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm text-indigo-200">{t('Back office and point of sale for cafes and shops.')}</p>
      </aside>

      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-sm">
          <div className="mb-8 flex items-center gap-3 lg:hidden">
            <BrandMark />
            <span className="text-lg font-semibold text-slate-900 dark:text-white">Shop Admin</span>
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{subtitle}</p> : null}
          <div className="mt-8">{children}</div>
          {footer ? <div className="mt-8 text-center text-sm text-slate-600 dark:text-slate-400">{footer}</div> : null}
        </div>
      </main>
    </div>
  );
}

export const authLinkClass =
  'font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-400';
