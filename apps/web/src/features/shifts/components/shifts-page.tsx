import { useState } from 'react';
import { FilterField } from '@/components/ui/filter-field';
import { Eye, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SHIFT_STATUSES, type Shift, type ShiftStatus } from '@shop/contracts/shift';
import { useShifts, useTills, type ShiftListParams } from '@/components/shift-report/shifts-api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { fieldErrorId } from '@/components/ui/form-field';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { Select } from '@/components/ui/select';
import { Table, type Column } from '@/components/ui/table';
import { enumLabel } from '@/lib/enum-labels';
import { formatDateTime } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useLinkedId } from '@/lib/use-linked-id';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { CashAmounts, CashDifference } from './cash-amounts';
import { ShiftDetailsDialog } from './shift-details-dialog';

const SHIFTS_PER_PAGE = 10;

type Filters = { till: string; status: '' | ShiftStatus; from: string; to: string };
const NO_FILTERS: Filters = { till: '', status: '', from: '', to: '' };

/** Every till's shifts, newest first, with their counts and Z-reports (docs/decisions/0012). For `shifts:manage`. */
export function ShiftsPage() {
  const { t } = useTranslation();
  const timeZone = useShopSettings().settings.localization.timezone;
  const tills = useTills();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const rangeError = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const [page, setPage] = usePage(JSON.stringify(filters));
  const params: ShiftListParams = {
    till_id: filters.till ? Number(filters.till) : undefined,
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    page,
    per_page: SHIFTS_PER_PAGE,
  };
  const shifts = useShifts(params, { enabled: !rangeError });
  useLoadErrorToast(shifts.error, shifts.errorUpdatedAt, t('Failed to load shifts'), t);
  const rows = shifts.data?.data;

  const [viewing, setViewing] = useState<number | null>(null);
  // /shifts?shift=12 (the dashboard's open shifts) opens that shift over the list.
  const [linked, clearLink] = useLinkedId('shift');
  const shown = viewing ?? linked;
  function closeDetails() {
    setViewing(null);
    if (linked !== null) clearLink();
  }

  const filtered = Object.values(filters).some((value) => value !== '');
  const update = (name: keyof Filters, value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const when = (instant: string) => formatDateTime(instant, timeZone);

  const columns: Column<Shift>[] = [
    {
      id: 'till',
      header: t('Till'),
      wrap: true,
      cell: (shift) => (
        <div>
          <div className="font-medium text-slate-900 dark:text-white">{shift.till.name}</div>
          {shift.z_code ? <div className="font-mono text-xs text-slate-500 dark:text-slate-400">{shift.z_code}</div> : null}
        </div>
      ),
    },
    { id: 'opened', header: t('Opened by'), wrap: true, cell: (shift) => <Who name={shift.opened_by.name} at={when(shift.opened_at)} /> },
    {
      id: 'closed',
      header: t('Closed by'),
      wrap: true,
      minor: true,
      cell: (shift) => (shift.closed_at ? <Who name={shift.closed_by?.name ?? '-'} at={when(shift.closed_at)} /> : <span className="text-slate-500 dark:text-slate-400">-</span>),
    },
    { id: 'status', header: t('Status'), cell: (shift) => <Badge tone={shift.status === 'open' ? 'primary' : 'neutral'}>{enumLabel('shiftStatus', shift.status, t)}</Badge> },
    { id: 'float', header: t('Float'), minor: true, className: 'text-right', cell: (shift) => <CashAmounts amounts={shift.float} /> },
    { id: 'counted', header: t('Counted'), minor: true, className: 'text-right', cell: (shift) => <CashAmounts amounts={shift.counted} /> },
    { id: 'difference', header: t('Difference'), className: 'text-right', cell: (shift) => <CashDifference amounts={shift.difference} /> },
    {
      id: 'actions',
      header: t('Actions'),
      pinned: true,
      className: 'text-right lg:w-24',
      cell: (shift) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('View the shift at {{till}} opened {{time}}', { till: shift.till.name, time: when(shift.opened_at) })}
          onClick={() => setViewing(shift.id)}
        >
          <Eye aria-hidden className="size-4" />
          <span className="max-lg:sr-only">{t('View')}</span>
        </Button>
      ),
    },
  ];

  return (
    <section>
      <PageTitle title={t('Shifts')} description={t('Every till’s shifts: floats, counts, differences and Z-reports.')} />
      <Card>
        <div className="space-y-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-4 lg:grid-cols-[repeat(4,minmax(0,12rem))_auto]">
            <FilterField id="shifts-till" label={t('Till')}>
              <Select id="shifts-till" value={filters.till} onChange={(event) => update('till', event.target.value)}>
                <option value="">{t('All')}</option>
                {(tills.data ?? []).map((till) => (
                  <option key={till.id} value={String(till.id)}>
                    {till.name}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="shifts-status" label={t('Status')}>
              <Select id="shifts-status" value={filters.status} onChange={(event) => update('status', event.target.value)}>
                <option value="">{t('All')}</option>
                {SHIFT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {enumLabel('shiftStatus', status, t)}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="shifts-from" label={t('From')}>
              <DateField
                id="shifts-from"
                value={filters.from}
                max={filters.to || undefined}
                onChange={(value) => update('from', value)}
                {...(rangeError ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId('shifts-from') } : {})}
              />
            </FilterField>
            <FilterField id="shifts-to" label={t('To')}>
              <DateField id="shifts-to" value={filters.to} min={filters.from || undefined} onChange={(value) => update('to', value)} />
            </FilterField>
            {filtered ? (
              <Button variant="ghost" size="sm" className="justify-self-start" onClick={() => setFilters(NO_FILTERS)}>
                <X aria-hidden className="size-4" />
                {t('Clear filters')}
              </Button>
            ) : null}
          </div>
          {rangeError ? (
            <p id={fieldErrorId('shifts-from')} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('From must be on or before To.')}
            </p>
          ) : null}
        </div>
        <Table
          label={t('Shifts')}
          columns={columns}
          rows={rangeError ? [] : rows}
          rowKey={(shift) => shift.id}
          loading={shifts.isPending && !rangeError}
          busy={shifts.isPlaceholderData}
          emptyText={rangeError ? t('Choose a From date on or before the To date.') : filtered ? t('No shifts match your filters.') : t('No shifts yet.')}
          error={shifts.isError && !rangeError ? { text: t('Failed to load shifts'), onRetry: () => void shifts.refetch() } : null}
        />
        {rangeError ? null : <ListFooter meta={shifts.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />}
      </Card>

      <ShiftDetailsDialog shiftId={shown} onClose={closeDetails} />
    </section>
  );
}

function Who({ name, at }: { name: string; at: string }) {
  return (
    <div>
      <div>{name}</div>
      <div className="text-xs text-slate-500 tabular-nums dark:text-slate-400">{at}</div>
    </div>
  );
}
