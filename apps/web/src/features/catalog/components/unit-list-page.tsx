import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '@shop/contracts/unit';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { rowActionsColumn } from '@/components/ui/row-actions';
import { ClampedText } from '@/components/ui/clamped-text';
import type { Column } from '@/components/ui/table';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { useDeleteUnit } from '../api/delete-unit';
import { unitsQueryOptions } from '../api/get-units';
import { UnitFormDialog } from './unit-form-dialog';

const UNITS_PER_PAGE = 5;

export function UnitListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('catalog:manage');
  const list = useListScreen({
    query: ({ q, page }) => unitsQueryOptions({ q, page, per_page: UNITS_PER_PAGE }),
    rowKey: (unit) => unit.id,
    // The catalogue's screens share one load-failure text.
    loadFailed: t('Failed to load products'),
    remove: { call: useDeleteUnit(), deleted: t('Deleted unit'), failed: t('Delete failed') },
  });

  const columns: Column<Unit>[] = [
    { id: 'name', header: t('Name'), wrap: true, cell: (unit) => <ClampedText text={unit.name} className="font-medium text-slate-900 dark:text-white" /> },
    { id: 'symbol', header: t('Symbol'), cell: (unit) => <span className="font-mono text-xs">{unit.symbol}</span> },
    {
      id: 'description',
      header: t('Description'),
      wrap: true,
      cell: (unit) => (unit.description ? <ClampedText text={unit.description} /> : <span className="text-slate-500 dark:text-slate-400">-</span>),
    },
  ];
  if (canWrite) {
    columns.push(rowActionsColumn(t('Actions'), (unit) => ({ name: unit.name, onEdit: () => list.edit(unit), onDelete: () => list.confirmDelete(unit) })));
  }

  return (
    <section>
      <PageTitle
        title={t('Units')}
        actions={
          canWrite ? (
            <Button onClick={list.add}>
              <Plus aria-hidden className="size-4" />
              {t('Add Unit')}
            </Button>
          ) : null
        }
      />
      <ListCard list={list} searchPlaceholder={t('Search unit...')} label={t('Units')} columns={columns} emptyText={t('No units found.')} />

      <UnitFormDialog {...list.formDialog} open={canWrite && list.formDialog.open} />
      <ConfirmDialog {...list.deleteDialog} title={t('Delete unit?')} description={t('This will permanently remove the unit.')} subject={list.deleting?.name} />
    </section>
  );
}
