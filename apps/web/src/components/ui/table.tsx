import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { Spinner } from './spinner';

export type Column<Row> = {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes for the column's header and cells (width, alignment). */
  className?: string;
  /** This column's cell in a footer row under the rows (e.g. a total); the row shows when a column has one. */
  footer?: ReactNode;
};

/** A failed load: its text, and a retry button unless asking again cannot help (e.g. a 403). */
export type TableError = { text: string; onRetry?: () => void };

type TableProps<Row> = {
  /** The table's accessible name, e.g. "Products". */
  label: string;
  columns: Column<Row>[];
  /** `undefined` until the first answer arrives. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  emptyText: string;
  /** The first load, with nothing to show yet: a "Loading…" row. */
  loading?: boolean;
  /** Show the first load as this many placeholder rows instead of the "Loading…" row. */
  skeletonRows?: number;
  /** A newer page is on its way while the previous one stays on screen. */
  busy?: boolean;
  /** A failed load: its text and a retry button, in place of the rows. */
  error?: TableError | null;
  /** Extra classes for one row (e.g. a warning tint); never the only sign of what it means. */
  rowClassName?: (row: Row) => string | undefined;
  /** What the first load says (default 'Loading…'). */
  loadingText?: string;
};

/**
 * The list table every screen uses: header, rows, and one full-width row for the loading,
 * empty and failed states. Row actions are real buttons inside cells, so Tab reaches them.
 */
export function Table<Row>({ label, columns, rows, rowKey, emptyText, loading, skeletonRows, busy, error, rowClassName, loadingText }: TableProps<Row>) {
  const { t } = useTranslation();
  const span = columns.length;

  let body: ReactNode;
  if (error) {
    body = (
      <StateRow span={span}>
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3">
          <span className="text-[#b91c1c] dark:text-red-300">{error.text}</span>
          {error.onRetry ? (
            <Button variant="secondary" size="sm" onClick={error.onRetry}>
              {t('Retry')}
            </Button>
          ) : null}
        </div>
      </StateRow>
    );
  } else if (!rows && loading && skeletonRows) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      <tr key={index} data-skeleton>
        {columns.map((column, columnIndex) => (
          <td key={column.id} className={cn('px-4 py-3.5', column.className)}>
            {/* One status text for screen readers; the bars are decoration. */}
            {index === 0 && columnIndex === 0 ? <span className="sr-only" role="status">{t('Loading…')}</span> : null}
            <span aria-hidden className="block h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          </td>
        ))}
      </tr>
    ));
  } else if (!rows) {
    body = loading ? (
      <StateRow span={span}>
        <Spinner label={loadingText ?? t('Loading…')} />
      </StateRow>
    ) : null;
  } else if (rows.length === 0) {
    body = (
      <StateRow span={span}>
        <span className="text-slate-500 dark:text-slate-400">{emptyText}</span>
      </StateRow>
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} className={cn('transition-colors hover:bg-slate-50/80 dark:hover:bg-slate-800/40', rowClassName?.(row))}>
        {columns.map((column) => (
          <td key={column.id} className={cn('px-4 py-3 align-middle text-slate-700 dark:text-slate-300', column.className)}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    ));
  }

  const hasRows = !error && rows !== undefined && rows.length > 0;
  const footer = hasRows && columns.some((column) => column.footer !== undefined);
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(scroller);

  return (
    // A table wider than the screen scrolls sideways; then its frame takes the focus, so the
    // arrow keys reach the hidden columns even when no cell holds a button.
    <div
      ref={scroller}
      className="overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <table aria-label={label} aria-busy={busy || loading ? true : undefined} className="w-full min-w-max text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50/80 dark:border-slate-800 dark:bg-slate-800/40">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(
                  'px-4 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase dark:text-slate-400',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className={cn(
            'divide-y divide-slate-100 transition-opacity dark:divide-slate-800',
            busy && rows && rows.length > 0 && 'opacity-60',
          )}
        >
          {body}
        </tbody>
        {footer ? (
          <tfoot className="border-t-2 border-slate-200 bg-slate-50/80 font-semibold dark:border-slate-700 dark:bg-slate-800/40">
            <tr>
              {columns.map((column) => (
                <td key={column.id} className={cn('px-4 py-3 align-middle text-slate-900 dark:text-white', column.className)}>
                  {column.footer}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

function StateRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="px-4 py-10 text-center text-sm">
        {children}
      </td>
    </tr>
  );
}

/** Whether the element's content is wider than the element, kept up to date as either resizes. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScrolls(element.scrollWidth > element.clientWidth));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
