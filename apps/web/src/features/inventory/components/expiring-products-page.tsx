import { useState } from 'react';
import { CircleAlert, PackageMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ExpiringBatch } from '@shop/contracts/stock';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import type { Column } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { failureText } from '@/lib/error-text';
import { formatDate, formatMoney } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { useCreateStockAdjustment } from '../api/create-stock-adjustment';
import { DEFAULT_EXPIRING_WINDOW, EXPIRING_PER_PAGE, EXPIRING_WINDOWS, expiringBatchesQueryOptions, type ExpiringWindow } from '../api/get-expiring-batches';

/** "Expired 3 days ago", "Expired yesterday", "Today", "1 day", "12 days". */
export function daysLeftText(daysLeft: number, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (daysLeft < -1) return t('Expired {{days}} days ago', { days: -daysLeft });
  if (daysLeft === -1) return t('Expired yesterday');
  if (daysLeft === 0) return t('Today');
  if (daysLeft === 1) return t('1 day');
  return t('{{days}} days', { days: daysLeft });
}

export function ExpiringProductsPage() {
  const { t } = useTranslation();
  const canWrite = useCan('stock:manage');
  // Staff see quantities; what stock cost is for those who buy it.
  const seesCosts = useCan('costs:view');

  const [days, setDays] = useState<ExpiringWindow>(DEFAULT_EXPIRING_WINDOW);
  const list = useListScreen({
    query: ({ q, page }) => expiringBatchesQueryOptions({ days, q, page, per_page: EXPIRING_PER_PAGE }),
    rowKey: (batch) => batch.batch_id,
    loadFailed: t('Failed to load expiring products'),
  });
  const batches = list.query;

  const [writingOff, setWritingOff] = useState<ExpiringBatch | null>(null);
  const adjust = useCreateStockAdjustment();

  function onConfirmWriteOff() {
    if (!writingOff) return;
    const batch = writingOff;
    adjust.mutate(
      { product_id: batch.product.id, quantity: -batch.remaining, reason: 'expired', batch_id: batch.batch_id, notes: null },
      {
        onSuccess: () => {
          toast.success(t('Written off: {{quantity}} × {{name}}', { quantity: batch.remaining, name: batch.product.name }));
          setWritingOff(null);
          // The batch leaves the list as a deleted row would.
          list.afterDelete();
        },
        onError: (error) => {
          setWritingOff(null);
          const message = failureText(error, t('Write-off failed'), t);
          if (message) toast.error(message);
        },
      },
    );
  }

  const columns: Column<ExpiringBatch>[] = [
    {
      id: 'product',
      header: t('Product'),
      wrap: true,
      cell: (batch) => (
        <div className="min-w-40">
          <div className={cn('font-medium', batch.expired ? 'text-[#b91c1c] dark:text-red-300' : 'text-slate-900 dark:text-white')}>{batch.product.name}</div>
          <div className="font-mono text-xs text-slate-600 dark:text-slate-400">{batch.product.sku}</div>
        </div>
      ),
    },
    {
      id: 'batch',
      header: t('Batch'),
      wrap: true,
      cell: (batch) => (
        <div>
          <div className="tabular-nums">#{batch.batch_id}</div>
          <div className="text-xs text-slate-600 dark:text-slate-400">{t('Received {{date}}', { date: formatDate(batch.received_date) })}</div>
        </div>
      ),
    },
    { id: 'expire_date', header: t('Expiry date'), className: 'tabular-nums whitespace-nowrap', cell: (batch) => formatDate(batch.expire_date) },
    {
      id: 'days_left',
      header: t('Days left'),
      className: 'whitespace-nowrap',
      cell: (batch) =>
        batch.expired ? (
          <Badge tone="danger" className="gap-1">
            <CircleAlert aria-hidden className="size-3.5" />
            {daysLeftText(batch.days_left, t)}
          </Badge>
        ) : (
          <Badge tone={batch.days_left <= 7 ? 'warning' : 'neutral'}>{daysLeftText(batch.days_left, t)}</Badge>
        ),
    },
    { id: 'remaining', header: t('Remaining qty'), className: 'text-right tabular-nums', cell: (batch) => batch.remaining },
  ];
  if (seesCosts) {
    columns.push({
      id: 'value',
      header: t('Value at cost'),
      className: 'text-right tabular-nums',
      cell: (batch) => (
        <div>
          <div>{formatMoney(batch.value ?? 0)}</div>
          <div className="text-xs text-slate-600 dark:text-slate-400">{t('{{cost}} each', { cost: formatMoney(batch.unit_cost ?? 0) })}</div>
        </div>
      ),
    });
  }
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: t('Action'),
      className: 'w-32 text-right',
      pinned: true,
      cell: (batch) =>
        batch.expired ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('Write off batch #{{batch}} of {{name}}', { batch: batch.batch_id, name: batch.product.name })}
            onClick={() => setWritingOff(batch)}
          >
            <PackageMinus aria-hidden className="size-4" />
            {t('Write off')}
          </Button>
        ) : null,
    });
  }

  return (
    <section>
      <PageTitle
        title={t('Expiring Products')}
        description={
          batches.data ? t('Batches with stock left, counted from {{today}}.', { today: formatDate(batches.data.meta.today) }) : undefined
        }
      />
      <ListCard
        list={list}
        searchPlaceholder={t('Search by product name or SKU')}
        searchClassName="sm:max-w-sm"
        toolbar={<WindowChooser value={days} onChange={setDays} />}
        spreadToolbar
        label={t('Expiring batches')}
        columns={columns}
        rowClassName={(batch) => (batch.expired ? 'bg-red-50/70 hover:bg-red-50 dark:bg-red-500/10 dark:hover:bg-red-500/15' : undefined)}
        emptyText={t('No batches expire within {{days}} days.', { days })}
      />

      <ConfirmDialog
        open={writingOff !== null}
        onOpenChange={(open) => (open ? undefined : setWritingOff(null))}
        title={t('Write off expired stock?')}
        description={t('What is left of this batch leaves stock as an expired write-off. This cannot be undone.')}
        subject={
          writingOff
            ? t('{{name}} ({{sku}}), batch #{{batch}}: {{quantity}} left', {
                name: writingOff.product.name,
                sku: writingOff.product.sku,
                batch: writingOff.batch_id,
                quantity: writingOff.remaining,
              })
            : undefined
        }
        confirmLabel={t('Write off')}
        pendingLabel={t('Writing off…')}
        pending={adjust.isPending}
        onConfirm={onConfirmWriteOff}
      />
    </section>
  );
}

/** 7 / 30 / 90 days: radio buttons, so arrow keys move between them. */
function WindowChooser({ value, onChange }: { value: ExpiringWindow; onChange: (days: ExpiringWindow) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">{t('Expiring within')}</legend>
      <span aria-hidden className="text-sm whitespace-nowrap text-slate-500 dark:text-slate-400">
        {t('Expiring within')}
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-xs dark:border-slate-700 dark:bg-slate-900">
        {EXPIRING_WINDOWS.map((option) => (
          <label
            key={option}
            className={cn(
              'relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-indigo-500',
              option === value
                ? 'bg-indigo-600 text-white dark:bg-indigo-500'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            <input
              type="radio"
              name="expiring-window"
              className="absolute inset-0 cursor-pointer appearance-none opacity-0"
              value={option}
              checked={option === value}
              onChange={() => onChange(option)}
            />
            {t('{{days}} days', { days: option })}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
