import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@shop/contracts/category';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { rowActionsColumn } from '@/components/ui/row-actions';
import { ClampedText } from '@/components/ui/clamped-text';
import type { Column } from '@/components/ui/table';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { useDeleteCategory } from '../api/delete-category';
import { categoriesQueryOptions } from '../api/get-categories';
import { CategoryFormDialog } from './category-form-dialog';

const CATEGORIES_PER_PAGE = 5;

export function CategoryListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('catalog:manage');
  const list = useListScreen({
    query: ({ q, page }) => categoriesQueryOptions({ q, page, per_page: CATEGORIES_PER_PAGE }),
    rowKey: (category) => category.id,
    // The catalogue's screens share one load-failure text.
    loadFailed: t('Failed to load products'),
    remove: { call: useDeleteCategory(), deleted: t('Deleted category'), failed: t('Delete failed') },
  });

  const columns: Column<Category>[] = [
    { id: 'name', header: t('Name'), wrap: true, cell: (category) => <ClampedText text={category.name} className="font-medium text-slate-900 dark:text-white" /> },
    {
      id: 'description',
      header: t('Description'),
      wrap: true,
      cell: (category) => (category.description ? <ClampedText text={category.description} /> : <span className="text-slate-500 dark:text-slate-400">-</span>),
    },
    { id: 'products', header: t('# Products'), className: 'w-32 text-right tabular-nums', cell: (category) => category.products_count },
  ];
  if (canWrite) {
    columns.push(
      rowActionsColumn(t('Actions'), (category) => ({ name: category.name, onEdit: () => list.edit(category), onDelete: () => list.confirmDelete(category) })),
    );
  }

  return (
    <section>
      <PageTitle
        title={t('Categories')}
        actions={
          canWrite ? (
            <Button onClick={list.add}>
              <Plus aria-hidden className="size-4" />
              {t('Add Category')}
            </Button>
          ) : null
        }
      />
      <ListCard list={list} searchPlaceholder={t('Search category...')} label={t('Categories')} columns={columns} emptyText={t('No categories found.')} />

      <CategoryFormDialog {...list.formDialog} open={canWrite && list.formDialog.open} />
      <ConfirmDialog
        {...list.deleteDialog}
        title={t('Delete category?')}
        description={t('This will permanently remove the category.')}
        subject={list.deleting?.name}
      />
    </section>
  );
}
