import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { SupplyItem } from '@shop/contracts/supply';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Table, type Column } from '@/components/ui/table';
import { failureText } from '@/lib/error-text';
import { formatDate, formatMoney } from '@/lib/format';
import { pageAfterDelete } from '@/lib/list';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useDeleteSupplyItem } from '../api/delete-supply-item';
import { prependSupplyItem, removeSupplyItem, supplyItemKeys, useSupplyItems, type SupplyItemListParams } from '../api/get-supply-items';
import { listError } from '../list-error';
import { SupplyItemFormDialog } from './supply-item-form-dialog';

/** Spec 02 §9. */
const SUPPLY_ITEMS_PER_PAGE = 10;

/** An id filter as typed: a whole number from 1 up, or nothing (an empty filter is left out). */
function idFilter(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= 1 ? value : undefined;
}

const muted = 'text-xs text-slate-500 dark:text-slate-400';

export function SupplyItemsPage() {
  const { t } = useTranslation();
  const canWrite = useCan('purchasing:manage');
  const queryClient = useQueryClient();

  const [search, setSearch] = useState('');
  const [supplyIdText, setSupplyIdText] = useState('');
  const [productIdText, setProductIdText] = useState('');
  const q = useDebouncedValue(search.trim());
  const supplyId = useDebouncedValue(idFilter(supplyIdText));
  const productId = useDebouncedValue(idFilter(productIdText));
  const [page, setPage] = usePage(`${q}\n${supplyId ?? ''}\n${productId ?? ''}`);
  const params: SupplyItemListParams = { q: q || undefined, page, per_page: SUPPLY_ITEMS_PER_PAGE, supply_id: supplyId, product_id: productId };
  const items = useSupplyItems(params);
  useLoadErrorToast(items.error, items.errorUpdatedAt, t('Failed to load supply items'), t);
  const rows = items.data?.data;

  const [editing, setEditing] = useState<SupplyItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SupplyItem | null>(null);
  const remove = useDeleteSupplyItem();

  function onSaved(item: SupplyItem, mode: 'created' | 'updated') {
    setEditing(null);
    // Spec 02 §4: an edit has replaced its row already; a create goes to page 1, or first on it.
    if (mode === 'updated') return;
    if (page !== 1) setPage(1);
    else prependSupplyItem(queryClient, params, item);
  }

  function onConfirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('Item deleted successfully'));
        setDeleting(null);
        const next = pageAfterDelete(page, rows?.length ?? 0);
        if (next !== page) {
          setPage(next);
          return;
        }
        // The row goes and the total drops now; the refetch brings up the next item to refill the page.
        removeSupplyItem(queryClient, params, id);
        void queryClient.invalidateQueries({ queryKey: supplyItemKeys.list(params) });
      },
      onError: (error) => {
        setDeleting(null);
        const message = failureText(error, t('Failed to delete item'), t);
        if (message) toast.error(message);
      },
    });
  }

  const productName = (item: SupplyItem) => item.product.name || `#${item.product_id}`;
  const invoice = (item: SupplyItem) => item.supply.invoice_id || `#${item.supply_id}`;

  const columns: Column<SupplyItem>[] = [
    { id: 'id', header: t('ID'), className: 'w-16 tabular-nums text-slate-500 dark:text-slate-400', cell: (item) => item.id },
    {
      id: 'product',
      header: t('Product'),
      cell: (item) => (
        <div>
          <div className="font-medium text-slate-900 dark:text-white">{productName(item)}</div>
          <div className={`font-mono ${muted}`}>{item.product.sku}</div>
        </div>
      ),
    },
    {
      id: 'supply',
      header: t('Supply'),
      cell: (item) => (
        <div>
          <div>{invoice(item)}</div>
          <div className={muted}>{item.supply.supplier.name}</div>
        </div>
      ),
    },
    { id: 'qty', header: t('Qty'), className: 'text-right tabular-nums', cell: (item) => item.supply_quantity },
    { id: 'unit-price', header: t('Unit Price'), className: 'text-right tabular-nums', cell: (item) => formatMoney(item.unit_price) },
    {
      id: 'line-total',
      header: t('Line Total'),
      className: 'text-right tabular-nums',
      cell: (item) => <span className="font-medium text-slate-900 dark:text-white">{formatMoney(item.line_total)}</span>,
    },
    { id: 'expire', header: t('Expire'), className: 'tabular-nums', cell: (item) => formatDate(item.expire_date) || <span className="text-slate-500 dark:text-slate-400">-</span> },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: t('Actions'),
      className: 'w-24 text-right',
      cell: (item) => (
        <div className="flex justify-end gap-1">
          <IconButton label={t('Edit Item #{{id}}', { id: item.id })} onClick={() => setEditing(item)}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton tone="danger" label={t('Delete item #{{id}}', { id: item.id })} onClick={() => setDeleting(item)}>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle title={t('Supply Items')} actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('+ Add Item')}</Button> : null} />
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput
            className="sm:max-w-sm"
            placeholder={t('Search product/sku/invoice…')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <IdFilter id="supply-items-supply-filter" label={t('Supply ID')} value={supplyIdText} onChange={setSupplyIdText} />
          <IdFilter id="supply-items-product-filter" label={t('Product ID')} value={productIdText} onChange={setProductIdText} />
        </div>
        <Table
          label={t('Supply Items')}
          columns={columns}
          rows={rows}
          rowKey={(item) => item.id}
          loading={items.isPending}
          busy={items.isPlaceholderData}
          emptyText={t('No items found.')}
          error={listError(items, t('Failed to load supply items'), t)}
        />
        <ListFooter meta={items.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <SupplyItemFormDialog
        open={canWrite && editing !== null}
        record={editing === 'new' ? null : editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={onSaved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('Delete item?')}
        description={t('This will permanently remove the item.')}
        subject={deleting ? `#${deleting.id} · ${productName(deleting)} · ${invoice(deleting)}` : undefined}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}

function IdFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap">
        {label}
      </Label>
      <div className="w-24">
        <Input id={id} type="number" inputMode="numeric" min="1" step="1" value={value} onChange={(event) => onChange(event.target.value)} />
      </div>
    </div>
  );
}
