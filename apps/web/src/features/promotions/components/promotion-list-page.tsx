import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Promotion } from '@shop/contracts/promotion';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Table, type Column } from '@/components/ui/table';
import { failureText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { pageAfterDelete } from '@/lib/list';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useDeletePromotion } from '../api/delete-promotion';
import { removePromotion, usePromotions, type PromotionListParams } from '../api/get-promotions';
import { PromotionFormDialog } from './promotion-form-dialog';

/** Spec 01 §9. */
const PROMOTIONS_PER_PAGE = 10;

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function PromotionListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('promotions:manage');
  const queryClient = useQueryClient();

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = usePage(q);
  const params: PromotionListParams = { q: q || undefined, page, per_page: PROMOTIONS_PER_PAGE };
  const promotions = usePromotions(params);
  useLoadErrorToast(promotions.error, promotions.errorUpdatedAt, t('Failed to load promotions'), t);
  const rows = promotions.data?.data;

  const [editing, setEditing] = useState<Promotion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Promotion | null>(null);
  const remove = useDeletePromotion();

  function onSaved(_promotion: Promotion, mode: 'created' | 'updated') {
    setEditing(null);
    // Spec 01 §4: a create returns to page 1 (the list reloads); an update replaced its row already.
    if (mode === 'created') setPage(1);
  }

  function onConfirmDelete() {
    if (!deleting) return;
    const { id } = deleting;
    remove.mutate(id, {
      onSuccess: () => {
        toast.success(t('Promotion deleted'));
        setDeleting(null);
        const next = pageAfterDelete(page, rows?.length ?? 0);
        if (next !== page) setPage(next);
        else removePromotion(queryClient, params, id);
      },
      onError: (error) => {
        setDeleting(null);
        const message = failureText(error, t('Failed to delete promotion'), t);
        if (message) toast.error(message);
      },
    });
  }

  const columns: Column<Promotion>[] = [
    { id: 'id', header: t('ID'), className: 'w-16 tabular-nums text-slate-500 dark:text-slate-400', cell: (promotion) => promotion.id },
    {
      id: 'title',
      header: t('Promotion'),
      cell: (promotion) => <span className="font-medium text-slate-900 dark:text-white">{promotion.title}</span>,
    },
    {
      id: 'product',
      header: t('Product'),
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
        cell: (promotion) => (
          <IconButton label={t('Edit {{name}}', { name: promotion.title })} onClick={() => setEditing(promotion)}>
            <Pencil aria-hidden />
          </IconButton>
        ),
      },
      {
        id: 'delete',
        header: t('Delete'),
        className: 'w-16 text-center',
        cell: (promotion) => (
          <IconButton tone="danger" label={t('Delete {{name}}', { name: promotion.title })} onClick={() => setDeleting(promotion)}>
            <Trash2 aria-hidden />
          </IconButton>
        ),
      },
    );
  }

  return (
    <section>
      <PageTitle title={t('Promotions')} actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('+ Add Promotion')}</Button> : null} />
      <Card>
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput placeholder={t('Search title/product…')} value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <Table
          label={t('Promotions')}
          columns={columns}
          rows={rows}
          rowKey={(promotion) => promotion.id}
          loading={promotions.isPending}
          busy={promotions.isPlaceholderData}
          emptyText={t('No promotions available')}
          error={promotions.isError ? { text: t('Failed to load promotions'), onRetry: () => void promotions.refetch() } : null}
        />
        <ListFooter meta={promotions.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <PromotionFormDialog
        open={canWrite && editing !== null}
        record={editing === 'new' ? null : editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={onSaved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('Delete promotion “{{title}}”?', { title: deleting?.title ?? '' })}
        description={t('This will permanently remove the promotion.')}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}
