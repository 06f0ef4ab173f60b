import { Fragment, useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { Button } from './button';
import { IconButton } from './icon-button';
import { Spinner } from './spinner';

export type Column<Row> = {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Classes for the column's header and cells (width, alignment). */
  className?: string;
  /** This column's cell in a footer row under the rows (e.g. a total); the row shows when a column has one. */
  footer?: ReactNode;
  /**
   * Long free text (a name, a company, a description): the cells wrap, so the column takes the
   * room the others leave instead of widening the table. Other cells stay on one line. For at
   * most two lines with the rest on hover and focus, put a ClampedText in the cell.
   */
  wrap?: boolean;
  /** The row's actions: when the table is wider than its frame they stay in view at its right edge. */
  pinned?: boolean;
  /**
   * A detail that gives way on a tablet (below 1024 px) or when the columns do not fit: the
   * column leaves the table and its value shows in the row's details, which a "Show details"
   * button at the row's end opens.
   */
  minor?: boolean;
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
  /** Narrower gaps between the columns, for a report with many of them. */
  dense?: boolean;
};

/**
 * The list table every screen uses: header, rows, and one full-width row for the loading,
 * empty and failed states. Row actions are real buttons inside cells, so Tab reaches them.
 */
export function Table<Row>({ label, columns: allColumns, rows, rowKey, emptyText, loading, skeletonRows, busy, error, rowClassName, loadingText, dense = false }: TableProps<Row>) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const fit = useFit(scroller);
  const collapsed = useCollapsed(allColumns, fit);
  const columns = collapsed ? keepCaption(allColumns, allColumns.filter((column) => !column.minor)) : allColumns;
  const minor = collapsed ? allColumns.filter((column) => column.minor) : [];
  const span = columns.length + (collapsed ? 1 : 0);
  const [expanded, setExpanded] = useState<ReadonlySet<string | number>>(new Set());
  const detailsId = useId();

  function toggle(key: string | number) {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }

  /** Classes for a column's cells, header and footer: its own, one line unless it wraps, pinned to the edge while the table scrolls. */
  function cellClasses(column: Column<Row>, background: string) {
    return cn(
      dense ? 'px-2.5 first:pl-4 last:pr-4' : 'px-4',
      column.wrap ? 'whitespace-normal break-words' : 'whitespace-nowrap',
      column.pinned && fit.scrolls && cn('sticky right-0 z-[1] shadow-[inset_1px_0_0] shadow-slate-200 dark:shadow-slate-800', background),
      column.className,
    );
  }

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
          <td key={column.id} className={cn('py-3.5', cellClasses(column, BODY_BACKGROUND))}>
            {/* One status text for screen readers; the bars are decoration. */}
            {index === 0 && columnIndex === 0 ? <span className="sr-only" role="status">{t('Loading…')}</span> : null}
            <span aria-hidden className="block h-4 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
          </td>
        ))}
        {collapsed ? <td /> : null}
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
    body = rows.map((row, index) => {
      const key = rowKey(row);
      const open = collapsed && expanded.has(key);
      const id = `${detailsId}-${index}`;
      return (
        <Fragment key={key}>
          <tr className={cn('group transition-colors hover:bg-slate-50/80 dark:hover:bg-slate-800/40', open && 'border-b-0', rowClassName?.(row))}>
            {columns.map((column) => (
              <td
                key={column.id}
                className={cn('py-3 align-middle text-slate-700 dark:text-slate-300', cellClasses(column, BODY_BACKGROUND))}
              >
                {column.cell(row)}
              </td>
            ))}
            {collapsed ? (
              <td className="w-12 px-2 py-3 text-right align-middle">
                <IconButton label={t('Show details')} aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => toggle(key)}>
                  <ChevronDown aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
                </IconButton>
              </td>
            ) : null}
          </tr>
          {open ? (
            <tr id={id} className={cn('bg-slate-50/60 dark:bg-slate-800/30', rowClassName?.(row))}>
              <td colSpan={span} className="px-4 pt-1 pb-3">
                <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)_max-content_minmax(0,1fr)]">
                  {minor.map((column) => (
                    <Fragment key={column.id}>
                      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase sm:leading-5 dark:text-slate-400">{column.header}</dt>
                      <dd className="text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">{column.cell(row)}</dd>
                    </Fragment>
                  ))}
                </dl>
              </td>
            </tr>
          ) : null}
        </Fragment>
      );
    });
  }

  const hasRows = !error && rows !== undefined && rows.length > 0;
  const footer = hasRows && columns.some((column) => column.footer !== undefined);

  return (
    // A table wider than the screen scrolls sideways; then its frame takes the focus, so the
    // arrow keys reach the hidden columns even when no cell holds a button. The frame's width is
    // its container's, never its content's, so a wide table cannot widen the page.
    <div
      ref={scroller}
      className="relative overflow-x-auto [contain:inline-size] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500"
      {...(fit.scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      <table aria-label={label} aria-busy={busy || loading ? true : undefined} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50/80 dark:border-slate-800 dark:bg-slate-800/40">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(
                  'py-2.5 align-bottom text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400',
                  cellClasses(column, HEAD_BACKGROUND),
                  // A header may wrap between its words where its cells are narrower than it.
                  'whitespace-normal',
                )}
              >
                {column.header}
              </th>
            ))}
            {collapsed ? (
              <th scope="col" className="w-12 px-2 py-2.5">
                <span className="sr-only">{t('Details')}</span>
              </th>
            ) : null}
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
                <td key={column.id} className={cn('py-3 align-middle text-slate-900 dark:text-white', cellClasses(column, HEAD_BACKGROUND))}>
                  {column.footer}
                </td>
              ))}
              {collapsed ? <td /> : null}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}

/** Opaque versions of the body's and the header's backgrounds, for a pinned cell that other cells scroll under. */
const BODY_BACKGROUND = 'bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-[color-mix(in_oklab,var(--color-slate-800)_40%,var(--color-slate-900))]';
const HEAD_BACKGROUND = 'bg-slate-50 dark:bg-[color-mix(in_oklab,var(--color-slate-800)_40%,var(--color-slate-900))]';

function StateRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className="px-4 py-10 text-center text-sm">
        {children}
      </td>
    </tr>
  );
}

/** When the first column gives way, its footer (the caption, e.g. "Total") moves to the first column left, if that one has none. */
function keepCaption<Row>(all: Column<Row>[], shown: Column<Row>[]): Column<Row>[] {
  const [first] = all;
  const [firstShown, ...rest] = shown;
  if (!first?.minor || !firstShown || (firstShown.footer !== undefined && firstShown.footer !== '')) return shown;
  return [{ ...firstShown, footer: first.footer }, ...rest];
}

type Fit = { scrolls: boolean; frame: number; content: number };

/** How wide the element and its content are, and whether the content is wider; kept up to date as either resizes. */
function useFit(ref: RefObject<HTMLElement | null>): Fit {
  const [fit, setFit] = useState<Fit>({ scrolls: false, frame: 0, content: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const next = { scrolls: element.scrollWidth > element.clientWidth, frame: element.clientWidth, content: element.scrollWidth };
      setFit((current) => (current.scrolls === next.scrolls && current.frame === next.frame && current.content === next.content ? current : next));
    });
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return fit;
}

/**
 * Whether the minor columns give way: always on a tablet, and on a wider screen while the frame
 * is narrower than all the columns needed the last time they were shown (so the table does not
 * flip back and forth).
 */
function useCollapsed<Row>(columns: Column<Row>[], fit: Fit): boolean {
  const hasMinor = columns.some((column) => column.minor);
  const tablet = useMediaQuery('(max-width: 1023.98px)');
  const [fullWidth, setFullWidth] = useState(0);
  const collapsed = hasMinor && (tablet || fit.frame < fullWidth);
  // Every column is on screen and they do not fit: remember how wide they are, and give way.
  if (hasMinor && !collapsed && fit.scrolls && fit.content > fullWidth) setFullWidth(fit.content);
  return collapsed;
}
