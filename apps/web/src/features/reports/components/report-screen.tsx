import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Download, Printer, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { Label } from '@/components/ui/label';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Table, type Column } from '@/components/ui/table';
import { apiDownload, type DownloadProgress } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { addDays } from '@/lib/dates';
import { failureText } from '@/lib/error-text';
import { shopToday } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { getReportPage, useReportPage, type ReportPage, type ReportParams } from '../api/report-query';

export type ReportFilter = { id: string; label: string; options: { value: string; label: string }[] };
export type SummaryCard = { label: string; value: string };

/** Rows printed at most: a printout of more is a CSV's job. */
const PRINT_LIMIT = 1000;

type ReportScreenProps<Row, Totals> = {
  title: string;
  /** The endpoint: `/sales`, `/supplies`, `/stock-report`; its CSV is at `${path}/export`. */
  path: string;
  fileName: string;
  /** A second CSV of the same filtered set, at `${path}/${lines.path}/export` (the sales report's lines). */
  lines?: { path: string; fileName: string; label: string };
  perPage: number;
  /** Report-specific selects (Payment, Status…); their first option is "All". */
  filters: ReportFilter[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  cards: (totals: Totals) => SummaryCard[];
  footer?: (totals: Totals) => Partial<Record<string, ReactNode>>;
  /** A short line under the cards on how they count. */
  note?: string;
  /** More over the same period beside the table (the sales report's payments breakdown). */
  aside?: (period: { from: string; to: string; choices: Record<string, string> }) => ReactNode;
  emptyText: string;
  loadingText?: string;
  errorText: string;
};

/**
 * The frame the three reports share (docs/screens.md, "Reports"): From, To, search, the report's
 * own filters, Reset, Export CSV and Print; cards and a footer over the whole filtered set; a
 * paged table. Dates default to the last 30 days of the shop's calendar.
 */
export function ReportScreen<Row, Totals>(props: ReportScreenProps<Row, Totals>) {
  const { title, path, fileName, lines, perPage, filters, columns, rowKey, cards, footer, note, aside, emptyText, loadingText, errorText } = props;
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const today = shopToday(new Date(), settings.localization.timezone);
  const defaults = { from: addDays(today, -29), to: today, search: '', choices: {} as Record<string, string> };

  const [from, setFrom] = useState(defaults.from);
  const [to, setTo] = useState(defaults.to);
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<Record<string, string>>({});
  const q = useDebouncedValue(search.trim());
  const filterParams: ReportParams = { from: from || undefined, to: to || undefined, q: q || undefined, ...choices };
  const [page, setPage] = usePage(JSON.stringify(filterParams));
  const report = useReportPage<Row, Totals>(path, { ...filterParams, page, per_page: perPage });
  useLoadErrorToast(report.error, report.errorUpdatedAt, errorText, t);

  const [exporting, setExporting] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [printRows, setPrintRows] = useState<{ rows: Row[]; total: number } | null>(null);
  const [printing, setPrinting] = useState(false);

  function reset() {
    setFrom(defaults.from);
    setTo(defaults.to);
    setSearch('');
    setChoices(defaults.choices);
  }

  async function exportCsv(which: { path: string; fileName: string } = { path: `${path}/export`, fileName }) {
    setExporting(true);
    setProgress(null);
    try {
      await apiDownload(which.path, which.fileName, filterParams, setProgress);
    } catch (error) {
      const message = failureText(error, t('Export failed'), t);
      if (message) toast.error(message);
    } finally {
      setExporting(false);
      setProgress(null);
    }
  }

  async function print() {
    setPrinting(true);
    try {
      const all: ReportPage<Row, Totals> = await getReportPage<Row, Totals>(path, { ...filterParams, page: 1, per_page: PRINT_LIMIT, perPage: PRINT_LIMIT });
      // The whole filtered set goes on the page first, then the browser prints it.
      flushSync(() => setPrintRows({ rows: all.data, total: all.meta.total }));
      window.print();
      setPrintRows(null);
    } catch (error) {
      const message = failureText(error, errorText, t);
      if (message) toast.error(message);
    } finally {
      setPrinting(false);
    }
  }

  const totals = report.data?.meta.totals;
  const summary = totals ? cards(totals) : [];
  const rows = report.data?.data;
  const footerCells = totals && footer ? footer(totals) : undefined;
  const withFooter = footerCells ? columns.map((column) => ({ ...column, footer: footerCells[column.id] ?? '' })) : columns;
  const filterSummary = [
    `${t('From')}: ${from || '—'}`,
    `${t('To')}: ${to || '—'}`,
    ...(q ? [`${t('Search')}: ${q}`] : []),
    ...filters.map((filter) => `${filter.label}: ${filter.options.find((o) => o.value === (choices[filter.id] ?? ''))?.label ?? t('All')}`),
  ].join(' · ');

  return (
    <section>
      <PageTitle title={title} />
      <Card className="mb-5 print:hidden">
        <div className="flex flex-wrap items-end gap-3 px-4 py-3">
          <div className="space-y-1">
            <Label htmlFor="report-from">{t('From')}</Label>
            <DateField id="report-from" className="w-40" value={from} max={to || undefined} onChange={setFrom} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="report-to">{t('To')}</Label>
            <DateField id="report-to" className="w-40" value={to} min={from || undefined} onChange={setTo} />
          </div>
          <div className="min-w-52 flex-1 space-y-1">
            <Label htmlFor="report-search">{t('Search')}</Label>
            <SearchInput id="report-search" className="sm:max-w-none" placeholder={t('Search name/ref/notes…')} value={search} onChange={(event) => setSearch(event.target.value)} />
          </div>
          {filters.map((filter) => (
            <div key={filter.id} className="space-y-1">
              <Label htmlFor={`report-${filter.id}`}>{filter.label}</Label>
              <Select
                id={`report-${filter.id}`}
                className="w-40"
                value={choices[filter.id] ?? ''}
                onChange={(event) => setChoices((current) => ({ ...current, [filter.id]: event.target.value }))}
              >
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </div>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={reset}>
              <RotateCcw aria-hidden className="size-4" />
              {t('Reset')}
            </Button>
            <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
              <Download aria-hidden className="size-4" />
              {exporting ? t('Exporting…') : t('Export CSV')}
            </Button>
            {lines ? (
              <Button variant="secondary" onClick={() => void exportCsv({ path: `${path}/${lines.path}/export`, fileName: lines.fileName })} disabled={exporting}>
                <Download aria-hidden className="size-4" />
                {lines.label}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => void print()} disabled={printing}>
              <Printer aria-hidden className="size-4" />
              {t('Print')}
            </Button>
          </div>
        </div>
        {exporting ? <ExportProgress progress={progress} /> : null}
      </Card>

      <p className="mb-3 hidden text-sm text-slate-600 print:block">{filterSummary}</p>

      <dl
        aria-label={t('Summary')}
        // Eight cards sit as two rows of four; six as one row.
        className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3', summary.length > 6 ? 'sm:grid-cols-4 print:grid-cols-4' : 'lg:grid-cols-6 print:grid-cols-6', note ? 'mb-2' : 'mb-5')}
      >
        {summary.map((card) => (
          <Card key={card.label} className="px-4 py-3">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">{card.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums dark:text-white">{card.value}</dd>
          </Card>
        ))}
      </dl>
      {note ? <p className="mb-5 text-xs text-slate-500 dark:text-slate-400">{note}</p> : null}
      {aside ? aside({ from, to, choices }) : null}

      <Card className="print:hidden">
        <Table
          label={title}
          dense
          columns={withFooter}
          rows={rows}
          rowKey={rowKey}
          loading={report.isPending}
          loadingText={loadingText}
          busy={report.isPlaceholderData}
          emptyText={emptyText}
          error={report.isError ? { text: errorText, onRetry: () => void report.refetch() } : null}
        />
        <ListFooter meta={report.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      {printRows ? (
        <div className="hidden print:block">
          {/* On paper every column shows, whatever the width of the window. */}
          <Table label={title} columns={withFooter.map((column) => ({ ...column, minor: false }))} rows={printRows.rows} rowKey={rowKey} emptyText={emptyText} />
          {printRows.total > printRows.rows.length ? (
            <p className="mt-2 text-xs">{t('First {{shown}} of {{total}} rows; export CSV for all of them.', { shown: printRows.rows.length, total: printRows.total })}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

const count = new Intl.NumberFormat('en-US');

/** Under the filters while a CSV downloads: the rows so far, of how many, and a bar. */
function ExportProgress({ progress }: { progress: DownloadProgress | null }) {
  const { t } = useTranslation();
  const rows = progress?.rows ?? 0;
  const total = progress?.total ?? null;
  const text =
    total === null ? t('Exporting… {{rows}} rows', { rows: count.format(rows) }) : t('Exporting… {{rows}} of {{total}} rows', { rows: count.format(rows), total: count.format(total) });
  return (
    <div className="border-t border-slate-200 px-4 py-2 dark:border-slate-800" role="status">
      <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p>
      {total !== null && total > 0 ? (
        <div
          role="progressbar"
          aria-label={t('Export progress')}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={rows}
          className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400" style={{ width: `${Math.round((rows / total) * 100)}%` }} />
        </div>
      ) : null}
    </div>
  );
}
