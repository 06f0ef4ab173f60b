import { useState } from 'react';
import { Eye, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Supply } from '@shop/contracts/supply';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Table, type Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useSupplies } from '../api/get-supplies';
import { listError } from '../list-error';
import { invoiceLabel, supplierLabel } from '../supply-labels';
import { SupplyDetailsDialog } from './supply-details-dialog';

/** Spec 02 §9. */
const SUPPLIES_PER_PAGE = 10;

export function SupplyListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('purchasing:manage');

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = usePage(q);
  const supplies = useSupplies({ q: q || undefined, page, per_page: SUPPLIES_PER_PAGE });
  useLoadErrorToast(supplies.error, supplies.errorUpdatedAt, t('Failed to load supplies'), t);
  const rows = supplies.data?.data;

  const [viewing, setViewing] = useState<Supply | null>(null);

  const columns: Column<Supply>[] = [
    {
      id: 'invoice',
      header: t('Invoice'),
      cell: (supply) => (
        <div>
          <div className="font-medium text-slate-900 dark:text-white">{invoiceLabel(supply)}</div>
          <div className="text-xs text-slate-500 dark:text-slate-400">{t('ID: {{id}}', { id: supply.id })}</div>
        </div>
      ),
    },
    { id: 'supplier', header: t('Supplier'), cell: supplierLabel },
    { id: 'invoice-date', header: t('Invoice Date'), className: 'tabular-nums', cell: (supply) => formatDate(supply.invoice_date) || '-' },
    {
      id: 'items',
      header: t('# Items'),
      className: 'text-right tabular-nums',
      cell: (supply) => supply.items_count,
    },
    {
      id: 'actions',
      header: t('Actions'),
      className: 'w-28 text-right',
      cell: (supply) => (
        <Button variant="secondary" size="sm" onClick={() => setViewing(supply)}>
          <Eye aria-hidden className="size-4" />
          {t('View')}
          <span className="sr-only"> {invoiceLabel(supply)}</span>
        </Button>
      ),
    },
  ];

  return (
    <section>
      <PageTitle
        title={t('Supplies')}
        actions={
          <>
            <Button variant="secondary" onClick={() => void supplies.refetch()} disabled={supplies.isFetching} aria-busy={supplies.isFetching}>
              <RefreshCw aria-hidden className={cn('size-4', supplies.isFetching && 'animate-spin')} />
              {t('Refresh')}
            </Button>
            {canWrite ? (
              <Button asChild>
                <Link to="/supplies/create">{t('+ New Supply')}</Link>
              </Button>
            ) : null}
          </>
        }
      />
      <Card>
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput
            className="sm:max-w-sm"
            placeholder={t('Search invoice or supplier…')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Table
          label={t('Supplies')}
          columns={columns}
          rows={rows}
          rowKey={(supply) => supply.id}
          loading={supplies.isPending}
          skeletonRows={SUPPLIES_PER_PAGE}
          busy={supplies.isPlaceholderData}
          emptyText={t('No supplies found.')}
          error={listError(supplies, t('Failed to load supplies'), t)}
        />
        <ListFooter meta={supplies.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <SupplyDetailsDialog supplyId={viewing?.id ?? null} onClose={() => setViewing(null)} />
    </section>
  );
}
