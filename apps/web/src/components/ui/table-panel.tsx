import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Card } from './card';
import { Spinner } from './spinner';

type TablePanelProps = {
  title: string;
  description: string;
  /** The query behind the table: loading, failed (with Retry), or its rows (dimmed while a new period loads). */
  query: { isPending: boolean; isError: boolean; isPlaceholderData: boolean; refetch: () => unknown };
  loadingText: string;
  errorText: string;
  emptyText: string;
  empty: boolean;
  /** Header cells: label and its placement classes. */
  columns: readonly (readonly [label: string, place: string])[];
  /** The body's rows. */
  children: ReactNode;
  /** A long table scrolls inside the card. */
  scroll?: boolean;
  className?: string;
};

/** A small titled table in a card beside a report (takings by method, options sold), with its loading, failed and empty states. */
export function TablePanel({ title, description, query, loadingText, errorText, emptyText, empty, columns, children, scroll = false, className }: TablePanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const table = (
    <table aria-label={title} className={cn('w-full text-sm', !scroll && 'mt-2', query.isPlaceholderData && 'opacity-60')}>
      <thead className="text-xs text-slate-500 dark:text-slate-400">
        <tr>
          {columns.map(([label, place]) => (
            <th key={label} scope="col" className={cn('py-1 font-medium', place)}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">{children}</tbody>
    </table>
  );
  return (
    <Card className={cn('px-4 py-3', className)}>
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <p className="text-xs text-slate-500 dark:text-slate-400">{description}</p>
        {query.isPending ? (
          <Spinner className="mt-3" label={loadingText} />
        ) : query.isError ? (
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-red-700 dark:text-red-400">
            {errorText}
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : empty ? (
          <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">{emptyText}</p>
        ) : scroll ? (
          <div className="mt-2 max-h-80 overflow-y-auto">{table}</div>
        ) : (
          table
        )}
      </section>
    </Card>
  );
}
