import { useState } from 'react';
import { Plus, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Product } from '@shop/contracts/product';
import { Button } from '@/components/ui/button';
import { ClampedText } from '@/components/ui/clamped-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListCard, ListFilter } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { rowActionsColumn } from '@/components/ui/row-actions';
import { selectColumn } from '@/components/ui/select-column';
import { Select } from '@/components/ui/select';
import { StatusPill } from '@/components/ui/status-pill';
import type { Column } from '@/components/ui/table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { failureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useLinkedId } from '@/lib/use-linked-id';
import { useListScreen } from '@/lib/use-list-screen';
import { useSelection } from '@/lib/use-selection';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useDeleteProduct } from '../api/delete-product';
import { useProduct } from '../api/get-product';
import { ALL_CATEGORIES, useCategories } from '../api/get-categories';
import { productsQueryOptions } from '../api/get-products';
import { useUpdateProduct } from '../api/update-product';
import { PRODUCTS_PER_PAGE, toProductInput } from '../product-input';
import { PrintLabelsDialog } from './print-labels-dialog';
import { ProductFormDialog } from './product-form-dialog';

export function ProductListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('catalog:manage');
  const canLabel = useCan('labels:print');
  const navigate = useNavigate();
  // /products/new is this list with the Add Product form open.
  const onNewRoute = useMatch('/products/new') !== null;

  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  // /products?edit=12 (the header search) opens that product's form; a viewer who cannot edit
  // gets the list narrowed to it instead.
  const [linkedId, clearLink] = useLinkedId('edit');
  const list = useListScreen({
    query: ({ q, page }) => productsQueryOptions({ q, page, per_page: PRODUCTS_PER_PAGE, category_id: categoryId }),
    rowKey: (product) => product.id,
    loadFailed: t('Failed to load products'),
    // A new product goes first on page 1; a delete drops the row and brings up the next one.
    afterCreate: 'prepend',
    afterDelete: 'refill',
    remove: { call: useDeleteProduct(), deleted: t('Deleted product'), failed: t('Delete failed') },
    onCloseForm: () => {
      if (onNewRoute) void navigate('/products', { replace: true });
      else if (linkedId !== null) clearLink();
    },
  });
  const categories = useCategories(ALL_CATEGORIES);
  useLoadErrorToast(categories.error, categories.errorUpdatedAt, t('Failed to load products'), t);

  const linked = useProduct(linkedId);
  useLoadErrorToast(linked.error, linked.errorUpdatedAt, t('Failed to load products'), t);
  const linkedProduct = linked.data !== undefined && linked.data.id === linkedId ? linked.data : null;
  const [narrowedTo, setNarrowedTo] = useState<number | null>(null);
  if (!canWrite && linkedProduct && narrowedTo !== linkedProduct.id) {
    setNarrowedTo(linkedProduct.id);
    list.setSearch(linkedProduct.sku);
  }

  const formProduct = list.editing === 'new' ? null : (list.editing ?? linkedProduct);
  const formOpen = canWrite && (list.editing !== null || onNewRoute || linkedProduct !== null);
  const toggle = useUpdateProduct();
  // Products picked for price labels; they stay picked across pages, searches and filters.
  const selection = useSelection<Product>((product) => product.id);
  const [labelsOpen, setLabelsOpen] = useState(false);

  function onToggle(product: Product) {
    const input = toProductInput(product);
    if (!input) {
      toast.error(t('Category/Unit not resolved for this product'));
      return;
    }
    const active = !product.active;
    toggle.mutate(
      { id: product.id, input: { ...input, active } },
      {
        onSuccess: () => void toast.info(active ? t('Activated') : t('Deactivated')),
        onError: (error) => {
          const message = failureText(error, t('Toggle failed'), t);
          if (message) toast.error(message);
        },
      },
    );
  }

  const columns: Column<Product>[] = [
    ...(canLabel
      ? [selectColumn(selection, list.rows, { all: t('Select all products on this page'), row: (product: Product) => t('Select {{name}}', { name: product.name }) })]
      : []),
    {
      id: 'image',
      header: t('Image'),
      // Below xl (a tablet) the secondary columns give way, so a row fits without scrolling.
      className: 'hidden w-16 xl:table-cell',
      cell: (product) => <Thumbnail src={product.image} alt={product.name} />,
    },
    {
      id: 'name',
      header: t('Name'),
      wrap: true,
      cell: (product) => (
        <div className="min-w-32 xl:min-w-40">
          <ClampedText text={product.name} className="font-medium text-slate-900 dark:text-white" />
          <div className="text-xs text-slate-500 dark:text-slate-400">{t('ID: {{id}}', { id: product.id })}</div>
          <div className="text-xs text-slate-500 xl:hidden dark:text-slate-400">{[product.sku, product.category?.name].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    { id: 'sku', header: t('SKU'), className: 'hidden xl:table-cell', cell: (product) => <span className="font-mono text-xs">{product.sku}</span> },
    {
      id: 'category',
      header: t('Category'),
      className: 'hidden xl:table-cell',
      wrap: true,
      cell: (product) => (product.category ? <ClampedText text={product.category.name} /> : '-'),
    },
    {
      id: 'unit',
      header: t('Unit'),
      className: 'hidden xl:table-cell',
      cell: (product) =>
        product.unit ? (
          <>
            {product.unit.name} <span className="text-slate-500 dark:text-slate-400">({product.unit.symbol})</span>
          </>
        ) : (
          '-'
        ),
    },
    {
      id: 'price',
      header: t('Price'),
      className: 'text-right',
      cell: (product) => <span className="font-medium text-slate-900 tabular-nums dark:text-white">{formatMoney(product.price)}</span>,
    },
    {
      id: 'status',
      header: t('Status'),
      cell: (product) => (
        <StatusPill
          checked={product.active}
          onText={t('Active')}
          offText={t('Inactive')}
          label={t('Active: {{name}}', { name: product.name })}
          disabled={toggle.isPending && toggle.variables.id === product.id}
          onCheckedChange={canWrite ? () => onToggle(product) : undefined}
        />
      ),
    },
  ];
  if (canWrite) {
    columns.push(
      rowActionsColumn(t('Actions'), (product) => ({ name: product.name, onEdit: () => list.edit(product), onDelete: () => list.confirmDelete(product) })),
    );
  }

  const selectionBar =
    canLabel && selection.count > 0 ? (
      <div
        role="region"
        aria-label={t('Selected products')}
        // Under the list, kept in view at the screen's foot while the list scrolls; the rows never move for it.
        className="sticky bottom-4 z-20 mx-auto mt-3 flex w-fit max-w-full flex-wrap items-center gap-2 rounded-xl border border-indigo-200 bg-indigo-50 py-1.5 pr-1.5 pl-4 shadow-lg dark:border-indigo-500/30 dark:bg-slate-900"
      >
        <span role="status" className="text-sm font-medium text-indigo-900 dark:text-indigo-100">
          {t('{{count}} selected', { count: selection.count })}
        </span>
        <Button variant="ghost" size="sm" onClick={selection.clear}>
          {t('Clear')}
        </Button>
        <Button size="sm" onClick={() => setLabelsOpen(true)}>
          <Printer aria-hidden className="size-4" />
          {t('Print labels')}
        </Button>
      </div>
    ) : null;

  return (
    <section>
      <PageTitle
        title={t('Product List')}
        actions={
          canWrite ? (
            <Button onClick={list.add}>
              <Plus aria-hidden className="size-4" />
              {t('Add Product')}
            </Button>
          ) : null
        }
      />
      <ListCard
        list={list}
        searchPlaceholder={t('Search by name/SKU')}
        toolbar={
          <ListFilter id="product-category-filter" label={t('Category')}>
            <Select
              id="product-category-filter"
              className="w-48"
              value={categoryId ?? ''}
              onChange={(event) => setCategoryId(event.target.value ? Number(event.target.value) : undefined)}
            >
              <option value="">{t('All')}</option>
              {categories.data?.data.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          </ListFilter>
        }
        label={t('Products')}
        columns={columns}
        emptyText={t('No products found.')}
      />
      {selectionBar}

      <PrintLabelsDialog
        open={labelsOpen && selection.count > 0}
        onOpenChange={setLabelsOpen}
        // As the list shows them now (an edit since they were picked changes the label).
        products={selection.rows.map((picked) => list.rows?.find((row) => row.id === picked.id) ?? picked)}
        onRemove={(id) => {
          // The last one gone: nothing left to label.
          if (selection.count === 1) setLabelsOpen(false);
          selection.remove(id);
        }}
      />
      <ProductFormDialog {...list.formDialog} open={formOpen} record={formProduct} />
      <ConfirmDialog
        {...list.deleteDialog}
        title={t('Delete product?')}
        description={t('This will permanently remove the product.')}
        subject={list.deleting ? `${list.deleting.name} (${list.deleting.sku})` : undefined}
      />
    </section>
  );
}
