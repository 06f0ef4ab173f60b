import { useState, type ReactNode } from 'react';
import { Plus, RotateCw, SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StockRecord } from '@shop/contracts/stock';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import type { Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { failureText } from '@/lib/error-text';
import { formatDate, formatMoney } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { STOCKS_PER_PAGE, stocksQueryOptions } from '../api/get-stocks';
import { StockAdjustmentFormDialog } from './stock-adjustment-form-dialog';
import { StockRecordFormDialog } from './stock-record-form-dialog';

const dash = <span className="text-slate-500 dark:text-slate-400">-</span>;

/** A figure in the totals row, with a caption saying which total it is. */
function Total({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div>
      <div className="text-[11px] font-medium tracking-wide whitespace-normal text-slate-500 uppercase dark:text-slate-400">{caption}</div>
      <div className="tabular-nums">{children}</div>
    </div>
  );
}

export function StockInventoryPage() {
  const { t } = useTranslation();
  const canWrite = useCan('stock:manage');
  // Staff see quantities; what stock cost is for those who buy it.
  const seesCosts = useCan('costs:view');

  const list = useListScreen({
    query: ({ q, page }) => stocksQueryOptions({ q, page, per_page: STOCKS_PER_PAGE }),
    rowKey: (record) => record.id,
    loadFailed: t('Failed to load stock data'),
  });
  const stocks = list.query;
  const totals = stocks.data?.meta.totals;
  const loadError = stocks.isError ? failureText(stocks.error, t('Failed to load stock data'), t) : null;

  const [dialog, setDialog] = useState<'receipt' | 'adjustment' | null>(null);

  function onReceived() {
    setDialog(null);
    // The newest receipt comes first: show the whole list from its first page.
    list.setSearch('');
    list.setPage(1);
  }

  const columns: Column<StockRecord>[] = [
    {
      id: 'id',
      header: t('ID'),
      className: 'w-16 tabular-nums',
      cell: (record) => record.id,
      footer: t('Totals'),
    },
    {
      id: 'product',
      header: t('Product'),
      wrap: true,
      cell: (record) => (
        <div className="min-w-32">
          <div className="font-medium text-slate-900 dark:text-white">{record.product_name}</div>
          <div className="font-mono text-xs text-slate-500 dark:text-slate-400">{record.product_sku}</div>
        </div>
      ),
    },
    {
      id: 'quantity',
      header: t('Quantity'),
      className: 'text-right tabular-nums',
      cell: (record) => (
        <div>
          <div>{record.quantity}</div>
          {record.remaining !== record.quantity ? (
            <div className="text-xs text-slate-500 dark:text-slate-400">{t('{{remaining}} left', { remaining: record.remaining })}</div>
          ) : null}
        </div>
      ),
      footer: totals ? <Total caption={t('Total quantity')}>{totals.quantity}</Total> : null,
    },
    ...(seesCosts
      ? [
          {
            id: 'price_in',
            header: t('Price In'),
            className: 'text-right tabular-nums',
            cell: (record: StockRecord) => formatMoney(record.price_in ?? 0),
            footer: totals?.average_price_in !== undefined ? <Total caption={t('Average price in')}>{formatMoney(totals.average_price_in)}</Total> : null,
          },
        ]
      : []),
    {
      id: 'received_date',
      header: t('Received Date'),
      className: 'tabular-nums whitespace-nowrap',
      cell: (record) => formatDate(record.received_date || record.created_at),
      footer: totals?.value !== undefined ? <Total caption={t('Total value')}>{formatMoney(totals.value)}</Total> : null,
    },
    {
      id: 'notes',
      header: t('Notes'), minor: true, wrap: true,
      cell: (record) => (record.notes ? <div className="max-w-72 break-words whitespace-normal">{record.notes}</div> : dash),
    },
  ];

  return (
    <section>
      <PageTitle
        title={t('Stock Inventory')}
        actions={
          canWrite ? (
            <>
              <Button variant="secondary" onClick={() => setDialog('adjustment')}>
                <SlidersHorizontal aria-hidden className="size-4" />
                {t('Adjust stock')}
              </Button>
              <Button onClick={() => setDialog('receipt')}>
                <Plus aria-hidden className="size-4" />
                {t('Add stock')}
              </Button>
            </>
          ) : null
        }
      />
      {loadError ? (
        <div className="mb-4">
          <AlertBanner>
            <div className="flex flex-wrap items-center gap-3">
              <span>{loadError}</span>
              <Button variant="secondary" size="sm" onClick={() => void stocks.refetch()}>
                {t('Retry')}
              </Button>
            </div>
          </AlertBanner>
        </div>
      ) : null}
      <ListCard
        list={list}
        searchPlaceholder={t('Search by notes, product name or ID')}
        searchClassName="sm:max-w-sm"
        toolbar={
          <Button variant="secondary" size="sm" disabled={stocks.isFetching} onClick={() => void stocks.refetch()}>
            <RotateCw aria-hidden className={cn('size-4', stocks.isFetching && 'animate-spin')} />
            {t('Refresh')}
          </Button>
        }
        spreadToolbar
        label={t('Stock records')}
        columns={columns}
        emptyText={t('No stock records found.')}
        // The failure is said in the banner above, with its retry.
        error={null}
      />

      <StockRecordFormDialog open={canWrite && dialog === 'receipt'} onOpenChange={(open) => (open ? undefined : setDialog(null))} onSaved={onReceived} />
      <StockAdjustmentFormDialog
        open={canWrite && dialog === 'adjustment'}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        onSaved={() => setDialog(null)}
      />
    </section>
  );
}
