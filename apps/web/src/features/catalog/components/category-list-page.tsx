import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Category } from '@shop/contracts/category';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Table, type Column } from '@/components/ui/table';
import { failureText } from '@/lib/error-text';
import { pageAfterDelete } from '@/lib/list';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useDeleteCategory } from '../api/delete-category';
import { useCategories } from '../api/get-categories';
import { CategoryFormDialog } from './category-form-dialog';

/** Spec 01 §9. */
const CATEGORIES_PER_PAGE = 5;

export function CategoryListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('catalog:manage');

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = usePage(q);
  const categories = useCategories({ q: q || undefined, page, per_page: CATEGORIES_PER_PAGE });
  // Spec 01 §8 uses the products text for this list's load failure too.
  useLoadErrorToast(categories.error, categories.errorUpdatedAt, t('Failed to load products'), t);
  const rows = categories.data?.data;

  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const remove = useDeleteCategory();

  function onSaved(_category: Category, mode: 'created' | 'updated') {
    setEditing(null);
    if (mode === 'created') setPage(1);
  }

  function onConfirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('Deleted category'));
        setDeleting(null);
        setPage(pageAfterDelete(page, rows?.length ?? 0));
      },
      onError: (error) => {
        setDeleting(null);
        const message = failureText(error, t('Delete failed'), t);
        if (message) toast.error(message);
      },
    });
  }

  const columns: Column<Category>[] = [
    { id: 'name', header: t('Name'), cell: (category) => <span className="font-medium text-slate-900 dark:text-white">{category.name}</span> },
    {
      id: 'description',
      header: t('Description'),
      className: 'max-w-md whitespace-normal',
      cell: (category) => category.description || <span className="text-slate-500 dark:text-slate-400">-</span>,
    },
    { id: 'products', header: t('# Products'), className: 'w-32 text-right tabular-nums', cell: (category) => category.products_count },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: t('Actions'),
      className: 'w-24 text-right',
      cell: (category) => (
        <div className="flex justify-end gap-1">
          <IconButton label={t('Edit {{name}}', { name: category.name })} onClick={() => setEditing(category)}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton tone="danger" label={t('Delete {{name}}', { name: category.name })} onClick={() => setDeleting(category)}>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle
        title={t('Categories')}
        actions={
          canWrite ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {t('Add Category')}
            </Button>
          ) : null
        }
      />
      <Card>
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput placeholder={t('Search category...')} value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <Table
          label={t('Categories')}
          columns={columns}
          rows={rows}
          rowKey={(category) => category.id}
          loading={categories.isPending}
          busy={categories.isPlaceholderData}
          emptyText={t('No categories found.')}
          error={categories.isError ? { text: t('Failed to load products'), onRetry: () => void categories.refetch() } : null}
        />
        <ListFooter meta={categories.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <CategoryFormDialog
        open={canWrite && editing !== null}
        record={editing === 'new' ? null : editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={onSaved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('Delete category?')}
        description={t('This will permanently remove the category.')}
        subject={deleting?.name}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}
