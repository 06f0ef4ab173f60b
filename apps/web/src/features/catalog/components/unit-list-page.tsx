import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Unit } from '@shop/contracts/unit';
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
import { useDeleteUnit } from '../api/delete-unit';
import { useUnits } from '../api/get-units';
import { UnitFormDialog } from './unit-form-dialog';

/** Spec 01 §9. */
const UNITS_PER_PAGE = 5;

export function UnitListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('catalog:manage');

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = usePage(q);
  const units = useUnits({ q: q || undefined, page, per_page: UNITS_PER_PAGE });
  // Spec 01 §8 uses the products text for this list's load failure too.
  useLoadErrorToast(units.error, units.errorUpdatedAt, t('Failed to load products'), t);
  const rows = units.data?.data;

  const [editing, setEditing] = useState<Unit | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Unit | null>(null);
  const remove = useDeleteUnit();

  function onSaved(_unit: Unit, mode: 'created' | 'updated') {
    setEditing(null);
    if (mode === 'created') setPage(1);
  }

  function onConfirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('Deleted unit'));
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

  const columns: Column<Unit>[] = [
    { id: 'name', header: t('Name'), cell: (unit) => <span className="font-medium text-slate-900 dark:text-white">{unit.name}</span> },
    { id: 'symbol', header: t('Symbol'), cell: (unit) => <span className="font-mono text-xs">{unit.symbol}</span> },
    {
      id: 'description',
      header: t('Description'),
      className: 'max-w-md whitespace-normal',
      cell: (unit) => unit.description || <span className="text-slate-500 dark:text-slate-400">-</span>,
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: t('Actions'),
      className: 'w-24 text-right',
      cell: (unit) => (
        <div className="flex justify-end gap-1">
          <IconButton label={t('Edit {{name}}', { name: unit.name })} onClick={() => setEditing(unit)}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton tone="danger" label={t('Delete {{name}}', { name: unit.name })} onClick={() => setDeleting(unit)}>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle
        title={t('Units')}
        actions={
          canWrite ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {t('Add Unit')}
            </Button>
          ) : null
        }
      />
      <Card>
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput placeholder={t('Search unit...')} value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <Table
          label={t('Units')}
          columns={columns}
          rows={rows}
          rowKey={(unit) => unit.id}
          loading={units.isPending}
          busy={units.isPlaceholderData}
          emptyText={t('No units found.')}
          error={units.isError ? { text: t('Failed to load products'), onRetry: () => void units.refetch() } : null}
        />
        <ListFooter meta={units.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <UnitFormDialog
        open={canWrite && editing !== null}
        record={editing === 'new' ? null : editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={onSaved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('Delete unit?')}
        description={t('This will permanently remove the unit.')}
        subject={deleting?.name}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}
