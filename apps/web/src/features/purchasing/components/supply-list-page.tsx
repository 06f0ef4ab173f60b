import { useState } from 'react';
import { Eye, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Supply } from '@shop/contracts/supply';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import type { Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { suppliesQueryOptions } from '../api/get-supplies';
import { listError } from '../list-error';
import { invoiceLabel, supplierLabel } from '../supply-labels';
import { SupplyDetailsDialog } from './supply-details-dialog';

const SUPPLIES_PER_PAGE = 10;

export function SupplyListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('purchasing:manage');

  const list = useListScreen({
    query: ({ q, page }) => suppliesQueryOptions({ q, page, per_page: SUPPLIES_PER_PAGE }),
    rowKey: (supply) => supply.id,
    loadFailed: t('Failed to load supplies'),
  });
  const supplies = list.query;

  const [viewing, setViewing] = useState<Supply | null>(null);

  const columns: Column<Supply>[] = [
    {
      id: 'invoice',
      header: t('Invoice'),
      wrap: true,
      cell: (supply) => (
        <div>
          <div className="font-medium text-slate-900 dark:text-white">{invoiceLabel(supply)}</div>
          <div className="text-xs text-slate-500 dark:text-slate-400">{t('ID: {{id}}', { id: supply.id })}</div>
        </div>
      ),
    },
    { id: 'supplier', header: t('Supplier'), wrap: true, cell: supplierLabel },
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
      pinned: true,
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
      <ListCard
        list={list}
        searchPlaceholder={t('Search invoice or supplier…')}
        searchClassName="sm:max-w-sm"
        label={t('Supplies')}
        columns={columns}
        skeletonRows={SUPPLIES_PER_PAGE}
        emptyText={t('No supplies found.')}
        error={listError(supplies, t('Failed to load supplies'), t)}
      />

      <SupplyDetailsDialog supplyId={viewing?.id ?? null} onClose={() => setViewing(null)} />
    </section>
  );
}
