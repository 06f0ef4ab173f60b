import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMatch, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Product } from '@shop/contracts/product';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Label } from '@/components/ui/label';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { StatusPill } from '@/components/ui/status-pill';
import { Table, type Column } from '@/components/ui/table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { failureText } from '@/lib/error-text';
import { formatMoney } from '@/lib/format';
import { pageAfterDelete } from '@/lib/list';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLinkedId } from '@/lib/use-linked-id';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useDeleteProduct } from '../api/delete-product';
import { useProduct } from '../api/get-product';
import { ALL_CATEGORIES, useCategories } from '../api/get-categories';
import { prependProduct, productKeys, removeProduct, useProducts, type ProductListParams } from '../api/get-products';
import { useUpdateProduct } from '../api/update-product';
import { PRODUCTS_PER_PAGE, toProductInput } from '../product-input';
import { ProductFormDialog } from './product-form-dialog';

export function ProductListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('catalog:manage');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // /products/new is this list with the Add Product form open.
  const onNewRoute = useMatch('/products/new') !== null;

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const [page, setPage] = usePage(`${q}\n${categoryId ?? ''}`);
  const params: ProductListParams = { q: q || undefined, page, per_page: PRODUCTS_PER_PAGE, category_id: categoryId };

  const products = useProducts(params);
  const categories = useCategories(ALL_CATEGORIES);
  useLoadErrorToast(products.error, products.errorUpdatedAt, t('Failed to load products'), t);
  useLoadErrorToast(categories.error, categories.errorUpdatedAt, t('Failed to load products'), t);

  // /products?edit=12 (the header search) opens that product's form; a viewer who cannot edit
  // gets the list narrowed to it instead.
  const [linkedId, clearLink] = useLinkedId('edit');
  const linked = useProduct(linkedId);
  useLoadErrorToast(linked.error, linked.errorUpdatedAt, t('Failed to load products'), t);
  const linkedProduct = linked.data !== undefined && linked.data.id === linkedId ? linked.data : null;
  const [narrowedTo, setNarrowedTo] = useState<number | null>(null);
  if (!canWrite && linkedProduct && narrowedTo !== linkedProduct.id) {
    setNarrowedTo(linkedProduct.id);
    setSearch(linkedProduct.sku);
  }

  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const formProduct = editing === 'new' ? null : (editing ?? linkedProduct);
  const formOpen = canWrite && (editing !== null || onNewRoute || linkedProduct !== null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const remove = useDeleteProduct();
  const toggle = useUpdateProduct();

  const rows = products.data?.data;

  function closeForm() {
    setEditing(null);
    if (onNewRoute) void navigate('/products', { replace: true });
    else if (linkedId !== null) clearLink();
  }

  function onSaved(product: Product, mode: 'created' | 'updated') {
    closeForm();
    if (mode === 'updated') return;
    // Spec 01 §4: from another page go to page 1; on page 1 the new product goes first.
    if (page !== 1) setPage(1);
    else prependProduct(queryClient, params, product);
  }

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

  function onConfirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('Deleted product'));
        setDeleting(null);
        const next = pageAfterDelete(page, rows?.length ?? 0);
        if (next !== page) {
          setPage(next);
          return;
        }
        // The row goes and the total drops now; the refetch brings up the next product to refill the page.
        removeProduct(queryClient, params, id);
        void queryClient.invalidateQueries({ queryKey: productKeys.list(params) });
      },
      onError: (error) => {
        setDeleting(null);
        const message = failureText(error, t('Delete failed'), t);
        if (message) toast.error(message);
      },
    });
  }

  const columns: Column<Product>[] = [
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
      cell: (product) => (
        <div className="max-w-36 min-w-32 break-words xl:max-w-none xl:min-w-40">
          <div className="font-medium text-slate-900 dark:text-white">{product.name}</div>
          <div className="text-xs text-slate-500 dark:text-slate-400">{t('ID: {{id}}', { id: product.id })}</div>
          <div className="text-xs text-slate-500 xl:hidden dark:text-slate-400">{[product.sku, product.category?.name].filter(Boolean).join(' · ')}</div>
        </div>
      ),
    },
    { id: 'sku', header: t('SKU'), className: 'hidden xl:table-cell', cell: (product) => <span className="font-mono text-xs">{product.sku}</span> },
    { id: 'category', header: t('Category'), className: 'hidden xl:table-cell', cell: (product) => product.category?.name ?? '-' },
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
    columns.push({
      id: 'actions',
      header: t('Actions'),
      className: 'w-24 text-right',
      cell: (product) => (
        <div className="flex justify-end gap-1">
          <IconButton label={t('Edit {{name}}', { name: product.name })} onClick={() => setEditing(product)}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton tone="danger" label={t('Delete {{name}}', { name: product.name })} onClick={() => setDeleting(product)}>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle
        title={t('Product List')}
        actions={
          canWrite ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {t('Add Product')}
            </Button>
          ) : null
        }
      />
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput placeholder={t('Search by name/SKU')} value={search} onChange={(event) => setSearch(event.target.value)} />
          <div className="flex items-center gap-2">
            <Label htmlFor="product-category-filter" className="whitespace-nowrap">
              {t('Category')}
            </Label>
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
          </div>
        </div>
        <Table
          label={t('Products')}
          columns={columns}
          rows={rows}
          rowKey={(product) => product.id}
          loading={products.isPending}
          busy={products.isPlaceholderData}
          emptyText={t('No products found.')}
          error={products.isError ? { text: t('Failed to load products'), onRetry: () => void products.refetch() } : null}
        />
        <ListFooter meta={products.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <ProductFormDialog
        open={formOpen}
        record={formProduct}
        onOpenChange={(open) => (open ? undefined : closeForm())}
        onSaved={onSaved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('Delete product?')}
        description={t('This will permanently remove the product.')}
        subject={deleting ? `${deleting.name} (${deleting.sku})` : undefined}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}
