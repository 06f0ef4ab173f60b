import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ModifierGroup } from '@shop/contracts/modifier';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { rowActionsColumn } from '@/components/ui/row-actions';
import type { Column } from '@/components/ui/table';
import { formatMoney } from '@/lib/format';
import { modifierGroupsQueryOptions } from '@/lib/modifier-groups';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { useCategoryChoices } from '../api/get-applies-to';
import { useDeleteModifierGroup } from '../api/save-modifier-group';
import { ModifierGroupFormDialog } from './modifier-group-form-dialog';

const GROUPS_PER_PAGE = 10;

/** Modifier groups (Size, Sugar, Ice, Extras): what the till asks with a drink, and where each applies. */
export function ModifierGroupListPage() {
  const { t, i18n } = useTranslation();
  const canWrite = useCan('catalog:manage');
  const categories = useCategoryChoices();
  const categoryName = (id: number) => categories.data?.data.find((category) => category.id === id)?.name ?? `#${id}`;
  const inKhmer = i18n.language === 'kh';
  const list = useListScreen({
    query: ({ q, page }) => modifierGroupsQueryOptions({ q, page, per_page: GROUPS_PER_PAGE }),
    rowKey: (group) => group.id,
    loadFailed: t('Failed to load modifier groups'),
    remove: { call: useDeleteModifierGroup(), deleted: t('Deleted modifier group'), failed: t('Delete failed') },
  });

  const columns: Column<ModifierGroup>[] = [
    {
      id: 'name',
      header: t('Name'),
      wrap: true,
      cell: (group) => (
        <div>
          <p className="font-medium text-slate-900 dark:text-white">{group.name}</p>
          {group.name_km ? (
            <p lang="km" className="text-sm text-slate-500 dark:text-slate-400">
              {group.name_km}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'choice',
      header: t('Choice'),
      wrap: true,
      cell: (group) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <span>{group.selection === 'single' ? t('Single choice') : t('Multiple choice')}</span>
          {group.required ? <Badge tone="primary">{t('Required')}</Badge> : <Badge>{t('Optional')}</Badge>}
          <span className="text-sm text-slate-500 tabular-nums dark:text-slate-400" title={t('Minimum–maximum')}>
            {group.min}–{group.max}
          </span>
        </div>
      ),
    },
    {
      id: 'options',
      header: t('Options'),
      wrap: true,
      cell: (group) => (
        <ul className="flex flex-wrap gap-1">
          {group.options.map((option) => (
            <li key={option.id}>
              <Badge tone={option.is_default ? 'success' : 'neutral'} title={option.is_default ? t('Default') : undefined}>
                <span lang={inKhmer && option.name_km ? 'km' : undefined}>{inKhmer && option.name_km ? option.name_km : option.name}</span>
                {option.price > 0 ? <span className="ml-1 tabular-nums">+{formatMoney(option.price)}</span> : null}
              </Badge>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'applies',
      header: t('Applies to'),
      wrap: true,
      cell: (group) => {
        const parts = [
          ...group.category_ids.map(categoryName),
          ...(group.product_ids.length > 0 ? [t('Products: {{count}}', { count: group.product_ids.length })] : []),
        ];
        return parts.length > 0 ? parts.join(', ') : <span className="text-slate-500 dark:text-slate-400">{t('Nowhere yet')}</span>;
      },
    },
  ];
  if (canWrite) {
    columns.push(rowActionsColumn(t('Actions'), (group) => ({ name: group.name, onEdit: () => list.edit(group), onDelete: () => list.confirmDelete(group) })));
  }

  return (
    <section>
      <PageTitle
        title={t('Modifier groups')}
        actions={
          canWrite ? (
            <Button onClick={list.add}>
              <Plus aria-hidden className="size-4" />
              {t('Add modifier group')}
            </Button>
          ) : null
        }
      />
      <ListCard list={list} searchPlaceholder={t('Search modifier group...')} label={t('Modifier groups')} columns={columns} emptyText={t('No modifier groups found.')} />

      <ModifierGroupFormDialog {...list.formDialog} open={canWrite && list.formDialog.open} />
      <ConfirmDialog
        {...list.deleteDialog}
        title={t('Delete modifier group?')}
        description={t('The till stops asking it. Past sales keep the options they were sold with.')}
        subject={list.deleting?.name}
      />
    </section>
  );
}
