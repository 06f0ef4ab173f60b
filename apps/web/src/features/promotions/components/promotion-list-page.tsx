import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Promotion } from '@shop/contracts/promotion';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { ClampedText } from '@/components/ui/clamped-text';
import type { Column } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { useDeletePromotion } from '../api/delete-promotion';
import { promotionsQueryOptions } from '../api/get-promotions';
import { PromotionFormDialog } from './promotion-form-dialog';

const PROMOTIONS_PER_PAGE = 10;

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function PromotionListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('promotions:manage');
  const list = useListScreen({
    query: ({ q, page }) => promotionsQueryOptions({ q, page, per_page: PROMOTIONS_PER_PAGE }),
    rowKey: (promotion) => promotion.id,
    loadFailed: t('Failed to load promotions'),
    // A create returns to page 1, which reloads; an update has replaced its row already; a delete drops the row.
    afterDelete: 'remove',
    remove: { call: useDeletePromotion(), deleted: t('Promotion deleted'), failed: t('Failed to delete promotion') },
  });

  const columns: Column<Promotion>[] = [
    { id: 'id', header: t('ID'), minor: true, className: 'w-16 tabular-nums text-slate-500 dark:text-slate-400', cell: (promotion) => promotion.id },
    {
      id: 'title',
      header: t('Promotion'),
      wrap: true,
      cell: (promotion) => <ClampedText text={promotion.title} className="font-medium text-slate-900 dark:text-white" />,
    },
    {
      id: 'product',
      header: t('Product'),
      minor: true,
      wrap: true,
      cell: (promotion) => (
        <div>
          <div>{promotion.product.name}</div>
          <div className="font-mono text-xs text-slate-500 dark:text-slate-400">{promotion.product.sku}</div>
        </div>
      ),
    },
    {
      id: 'discount',
      header: t('Discount (%)'),
      className: 'text-right tabular-nums',
      cell: (promotion) => percent.format(promotion.discount),
    },
    {
      id: 'valid-until',
      header: t('Valid Until'),
      minor: true,
      className: 'tabular-nums',
      cell: (promotion) => formatDate(promotion.valid_until) || <span className="text-slate-500 dark:text-slate-400">-</span>,
    },
    {
      id: 'active',
      header: t('Active'),
      cell: (promotion) => (promotion.active ? <Badge tone="success">{t('Yes')}</Badge> : <Badge>{t('No')}</Badge>),
    },
  ];
  if (canWrite) {
    columns.push(
      {
        id: 'edit',
        header: t('Edit'),
        className: 'w-16 text-center',
        pinned: true,
        cell: (promotion) => (
          <IconButton label={t('Edit {{name}}', { name: promotion.title })} onClick={() => list.edit(promotion)}>
            <Pencil aria-hidden />
          </IconButton>
        ),
      },
      {
        id: 'delete',
        header: t('Delete'),
        className: 'w-16 text-center',
        cell: (promotion) => (
          <IconButton tone="danger" label={t('Delete {{name}}', { name: promotion.title })} onClick={() => list.confirmDelete(promotion)}>
            <Trash2 aria-hidden />
          </IconButton>
        ),
      },
    );
  }

  return (
    <section>
      <PageTitle title={t('Promotions')} actions={canWrite ? <Button onClick={list.add}>{t('+ Add Promotion')}</Button> : null} />
      <ListCard
        list={list}
        searchPlaceholder={t('Search title/product…')}
        label={t('Promotions')}
        columns={columns}
        emptyText={t('No promotions available')}
      />

      <PromotionFormDialog {...list.formDialog} open={canWrite && list.formDialog.open} />
      <ConfirmDialog
        {...list.deleteDialog}
        title={t('Delete promotion “{{title}}”?', { title: list.deleting?.title ?? '' })}
        description={t('This will permanently remove the promotion.')}
      />
    </section>
  );
}
