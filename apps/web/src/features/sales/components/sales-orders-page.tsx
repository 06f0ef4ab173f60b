import { paymentsText } from '@/lib/payments-text';
import { FilterField } from '@/components/ui/filter-field';
import { useState } from 'react';
import { Eye, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SALE_CHANNELS, SALE_STATUSES, type Sale } from '@shop/contracts/sale';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateField } from '@/components/ui/date-field';
import { fieldErrorId } from '@/components/ui/form-field';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Table, type Column } from '@/components/ui/table';
import { enumLabel } from '@/lib/enum-labels';
import { formatDate, formatMoney, formatTimeOfDay } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useShopSettings } from '@/lib/shop-settings';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLinkedId } from '@/lib/use-linked-id';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useSales, type SaleListParams } from '../api/get-sales';
import { SaleDetailsDialog } from './sale-details-dialog';
import { SaleStatusBadge } from './sale-labels';

const SALES_PER_PAGE = 10;
/** The payment options (docs/screens.md, "Sales orders"); methods the shop added in Settings come after them. */
const BUILT_IN_PAYMENTS = ['Cash', 'Card', 'Bank'] as const;

type Filters = { from: string; to: string; channel: string; payment: string; status: string };
const NO_FILTERS: Filters = { from: '', to: '', channel: '', payment: '', status: '' };

export function SalesOrdersPage() {
  const { t } = useTranslation();
  const seesAll = useCan('sales:view-all');
  const { settings } = useShopSettings();
  const timeZone = settings.localization.timezone;

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const rangeError = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const [page, setPage] = usePage(JSON.stringify([q, filters]));
  const params: SaleListParams = {
    q: q || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    channel: filters.channel || undefined,
    payment: filters.payment || undefined,
    status: filters.status || undefined,
    page,
    per_page: SALES_PER_PAGE,
  };
  // A range that ends before it starts is refused on the spot rather than asked of the server.
  const sales = useSales(params, { enabled: !rangeError });
  useLoadErrorToast(sales.error, sales.errorUpdatedAt, t('Failed to load sales'), t);
  const rows = sales.data?.data;
  const totals = sales.data?.meta.totals;

  const [viewing, setViewing] = useState<number | null>(null);
  // /orders?sale=12 (the header search) opens that sale's details over the list.
  const [linkedSale, clearLink] = useLinkedId('sale');
  const shownSale = viewing ?? linkedSale;
  function closeDetails() {
    setViewing(null);
    if (linkedSale !== null) clearLink();
  }

  const extraPayments = settings.payments.methods
    .filter((method) => method.enabled && !BUILT_IN_PAYMENTS.some((name) => name.toLowerCase() === method.label.toLowerCase()))
    .map((method) => method.label);
  const filtered = search.trim() !== '' || Object.values(filters).some((value) => value !== '');
  const update = (name: keyof Filters, value: string) => setFilters((current) => ({ ...current, [name]: value }));
  const setFilter = (name: keyof Filters) => (event: { target: { value: string } }) => update(name, event.target.value);
  const setDate = (name: 'from' | 'to') => (value: string) => update(name, value);

  const columns: Column<Sale>[] = [
    { id: 'code', header: t('SO'), cell: (sale) => <span className="font-mono text-xs font-semibold text-slate-900 dark:text-white">{sale.code}</span> },
    {
      id: 'date',
      header: t('Date'),
      // A row fits a tablet: the date (in the sale's details) gives way below lg, items and payment below xl.
      className: 'hidden lg:table-cell',
      cell: (sale) => (
        <div className="tabular-nums">
          <div>{formatDate(sale.business_date)}</div>
          <div className="text-xs text-slate-500 dark:text-slate-400">{formatTimeOfDay(sale.sale_date, timeZone)}</div>
        </div>
      ),
    },
    {
      id: 'customer',
      header: t('Customer'),
      wrap: true,
      className: 'max-lg:whitespace-normal',
      cell: (sale) =>
        sale.customer ? (
          <div className="max-lg:max-w-28">{sale.customer.name}</div>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t('Walk-in')}</span>
        ),
    },
    {
      id: 'items',
      header: t('Items'),
      className: 'hidden xl:table-cell',
      cell: (sale) => (
        <div className="tabular-nums">
          <div>{sale.items_count}</div>
          <div className="text-xs text-slate-500 dark:text-slate-400">{t('Qty {{qty}}', { qty: sale.total_qty })}</div>
        </div>
      ),
    },
    {
      id: 'total',
      header: t('Total'),
      className: 'text-right',
      cell: (sale) => (
        <div className="tabular-nums">
          <div className="font-medium text-slate-900 dark:text-white">{formatMoney(sale.total)}</div>
          {sale.refunded > 0 ? (
            <div className="text-xs text-slate-500 dark:text-slate-400">{t('Refunded {{amount}}', { amount: formatMoney(sale.refunded) })}</div>
          ) : null}
        </div>
      ),
    },
    { id: 'payment', header: t('Payment'), className: 'hidden xl:table-cell', wrap: true, cell: (sale) => paymentsText(sale, t) },
    { id: 'status', header: t('Status'), cell: (sale) => <SaleStatusBadge status={sale.status} /> },
    {
      id: 'actions',
      header: t('Actions'),
      pinned: true,
      className: 'text-right lg:w-24',
      cell: (sale) => (
        <Button variant="secondary" size="sm" aria-label={t('View {{code}}', { code: sale.code })} onClick={() => setViewing(sale.id)}>
          <Eye aria-hidden className="size-4" />
          <span className="max-lg:sr-only">{t('View')}</span>
        </Button>
      ),
    },
  ];

  return (
    <section>
      <PageTitle title={t('Sales Orders')} description={seesAll ? undefined : t('The sales you rang up.')} />
      <Card>
        <div className="space-y-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <div className="flex flex-wrap items-center gap-3">
            <SearchInput
              className="sm:max-w-sm"
              placeholder={t('Search SO number, customer or notes')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {filtered ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setSearch('');
                  setFilters(NO_FILTERS);
                }}
              >
                <X aria-hidden className="size-4" />
                {t('Clear filters')}
              </Button>
            ) : null}
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            <FilterField id="sales-from" label={t('From')}>
              <DateField
                id="sales-from"
                value={filters.from}
                max={filters.to || undefined}
                onChange={setDate('from')}
                {...(rangeError ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId('sales-from') } : {})}
              />
            </FilterField>
            <FilterField id="sales-to" label={t('To')}>
              <DateField id="sales-to" value={filters.to} min={filters.from || undefined} onChange={setDate('to')} />
            </FilterField>
            <FilterField id="sales-channel" label={t('Channel')}>
              <Select id="sales-channel" value={filters.channel} onChange={setFilter('channel')}>
                <option value="">{t('All')}</option>
                {SALE_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {enumLabel('channel', channel, t)}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="sales-payment" label={t('Payment')}>
              <Select id="sales-payment" value={filters.payment} onChange={setFilter('payment')}>
                <option value="">{t('All')}</option>
                {[...BUILT_IN_PAYMENTS, ...extraPayments].map((method) => (
                  <option key={method} value={method}>
                    {enumLabel('payment', method, t)}
                  </option>
                ))}
              </Select>
            </FilterField>
            <FilterField id="sales-status" label={t('Status')}>
              <Select id="sales-status" value={filters.status} onChange={setFilter('status')}>
                <option value="">{t('All')}</option>
                {SALE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {enumLabel('saleStatus', status, t)}
                  </option>
                ))}
              </Select>
            </FilterField>
          </div>
          {rangeError ? (
            <p id={fieldErrorId('sales-from')} role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('From must be on or before To.')}
            </p>
          ) : null}
        </div>

        {totals && !rangeError ? (
          <dl
            aria-label={t('Summary of the filtered sales')}
            className="flex flex-wrap gap-x-6 gap-y-1 border-b border-slate-200 px-4 py-2.5 text-sm dark:border-slate-800"
          >
            <SummaryItem label={t('Orders')} value={String(totals.orders)} />
            <SummaryItem label={t('Net')} value={formatMoney(totals.net)} />
            {totals.refunded > 0 ? <SummaryItem label={t('Refunded')} value={formatMoney(totals.refunded)} /> : null}
          </dl>
        ) : null}

        <Table
          label={t('Sales')}
          columns={columns}
          rows={rangeError ? [] : rows}
          rowKey={(sale) => sale.id}
          loading={sales.isPending && !rangeError}
          busy={sales.isPlaceholderData}
          emptyText={rangeError ? t('Choose a From date on or before the To date.') : t('No sales found.')}
          error={sales.isError && !rangeError ? { text: t('Failed to load sales'), onRetry: () => void sales.refetch() } : null}
        />
        {rangeError ? null : <ListFooter meta={sales.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />}
      </Card>

      <SaleDetailsDialog saleId={shownSale} onClose={closeDetails} />
    </section>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}
