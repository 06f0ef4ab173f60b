import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupplyItem } from '@shop/contracts/supply';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { ListCard, ListFilter } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { rowActionsColumn } from '@/components/ui/row-actions';
import type { Column } from '@/components/ui/table';
import { formatDate, formatMoney } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useListScreen } from '@/lib/use-list-screen';
import { useDeleteSupplyItem } from '../api/delete-supply-item';
import { supplyItemsQueryOptions } from '../api/get-supply-items';
import { listError } from '../list-error';
import { SupplyItemFormDialog } from './supply-item-form-dialog';

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

  const [supplyIdText, setSupplyIdText] = useState('');
  const [productIdText, setProductIdText] = useState('');
  const supplyId = useDebouncedValue(idFilter(supplyIdText));
  const productId = useDebouncedValue(idFilter(productIdText));
  const list = useListScreen({
    query: ({ q, page }) => supplyItemsQueryOptions({ q, page, per_page: SUPPLY_ITEMS_PER_PAGE, supply_id: supplyId, product_id: productId }),
    rowKey: (item) => item.id,
    loadFailed: t('Failed to load supply items'),
    // An edit has replaced its row already; a create goes first on page 1; a delete drops the row and brings up the next one.
    afterCreate: 'prepend',
    afterDelete: 'refill',
    remove: { call: useDeleteSupplyItem(), deleted: t('Item deleted successfully'), failed: t('Failed to delete item') },
  });

  const productName = (item: SupplyItem) => item.product.name || `#${item.product_id}`;
  const invoice = (item: SupplyItem) => item.supply.invoice_id || `#${item.supply_id}`;

  const columns: Column<SupplyItem>[] = [
    { id: 'id', header: t('ID'), className: 'w-16 tabular-nums text-slate-500 dark:text-slate-400', cell: (item) => item.id },
    {
      id: 'product',
      header: t('Product'),
      wrap: true,
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
      wrap: true,
      cell: (item) => (
        <div>
          <div>{invoice(item)}</div>
          <div className={muted}>{item.supply.supplier.name}</div>
        </div>
      ),
    },
    { id: 'qty', header: t('Qty'), className: 'text-right tabular-nums', cell: (item) => item.supply_quantity },
    { id: 'unit-price', header: t('Unit Price'), minor: true, className: 'text-right tabular-nums', cell: (item) => formatMoney(item.unit_price) },
    {
      id: 'line-total',
      header: t('Line Total'),
      className: 'text-right tabular-nums',
      cell: (item) => <span className="font-medium text-slate-900 dark:text-white">{formatMoney(item.line_total)}</span>,
    },
    { id: 'expire', header: t('Expire'), minor: true, className: 'tabular-nums', cell: (item) => formatDate(item.expire_date) || <span className="text-slate-500 dark:text-slate-400">-</span> },
  ];
  if (canWrite) {
    columns.push(
      rowActionsColumn(t('Actions'), (item) => ({
        editLabel: t('Edit Item #{{id}}', { id: item.id }),
        deleteLabel: t('Delete item #{{id}}', { id: item.id }),
        onEdit: () => list.edit(item),
        onDelete: () => list.confirmDelete(item),
      })),
    );
  }

  return (
    <section>
      <PageTitle title={t('Supply Items')} actions={canWrite ? <Button onClick={list.add}>{t('+ Add Item')}</Button> : null} />
      <ListCard
        list={list}
        searchPlaceholder={t('Search product/sku/invoice…')}
        searchClassName="sm:max-w-sm"
        toolbar={
          <>
            <IdFilter id="supply-items-supply-filter" label={t('Supply ID')} value={supplyIdText} onChange={setSupplyIdText} />
            <IdFilter id="supply-items-product-filter" label={t('Product ID')} value={productIdText} onChange={setProductIdText} />
          </>
        }
        label={t('Supply Items')}
        columns={columns}
        emptyText={t('No items found.')}
        error={listError(list.query, t('Failed to load supply items'), t)}
      />

      <SupplyItemFormDialog {...list.formDialog} open={canWrite && list.formDialog.open} />
      <ConfirmDialog
        {...list.deleteDialog}
        title={t('Delete item?')}
        description={t('This will permanently remove the item.')}
        subject={list.deleting ? `#${list.deleting.id} · ${productName(list.deleting)} · ${invoice(list.deleting)}` : undefined}
      />
    </section>
  );
}

function IdFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <ListFilter id={id} label={label}>
      <div className="w-24">
        <Input id={id} type="number" inputMode="numeric" min="1" step="1" value={value} onChange={(event) => onChange(event.target.value)} />
      </div>
    </ListFilter>
  );
}
