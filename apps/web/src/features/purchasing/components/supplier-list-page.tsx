import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Supplier } from '@shop/contracts/supplier';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailText } from '@/components/ui/email-text';
import { ListCard, ListFilter } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { rowActionsColumn } from '@/components/ui/row-actions';
import { Select } from '@/components/ui/select';
import { ClampedText } from '@/components/ui/clamped-text';
import type { Column } from '@/components/ui/table';
import { useCan } from '@/lib/permissions';
import { useListScreen } from '@/lib/use-list-screen';
import { useDeleteSupplier } from '../api/delete-supplier';
import { suppliersQueryOptions } from '../api/get-suppliers';
import { listError } from '../list-error';
import { SupplierFormDialog } from './supplier-form-dialog';

const SUPPLIERS_PER_PAGE = 10;

type ActiveFilter = 'all' | 'active' | 'inactive';
const ACTIVE_PARAM: Record<ActiveFilter, boolean | undefined> = { all: undefined, active: true, inactive: false };

const dash = <span className="text-slate-500 dark:text-slate-400">-</span>;

export function SupplierListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('purchasing:manage');

  const [activeFilter, setActiveFilter] = useState<ActiveFilter>('all');
  const list = useListScreen({
    query: ({ q, page }) => suppliersQueryOptions({ q, page, per_page: SUPPLIERS_PER_PAGE, active: ACTIVE_PARAM[activeFilter] }),
    rowKey: (supplier) => supplier.id,
    loadFailed: t('Failed to load suppliers'),
    remove: { call: useDeleteSupplier(), deleted: t('Supplier deleted'), failed: t('Failed to delete supplier') },
  });

  // Long names, e-mails and places wrap or shorten, so all eight columns fit beside the sidebar.
  const columns: Column<Supplier>[] = [
    { id: 'code', header: t('Code'), cell: (supplier) => <span className="font-mono text-xs">{supplier.code}</span> },
    {
      id: 'name',
      header: t('Name'),
      wrap: true,
      cell: (supplier) => (
        <div className="min-w-32">
          <ClampedText text={supplier.name} className="font-medium text-slate-900 dark:text-white" />
          {/* Below xl (a tablet) the contact columns are hidden and their facts come here, so a row fits. */}
          <ClampedText
            text={[supplier.contact_name, supplier.email, supplier.phone, location(supplier)].filter(Boolean).join(' · ')}
            className="text-xs text-slate-500 xl:hidden dark:text-slate-400"
          />
        </div>
      ),
    },
    { id: 'contact', header: t('Contact'), className: 'hidden xl:table-cell', wrap: true, cell: (supplier) => supplier.contact_name || dash },
    {
      id: 'email',
      header: t('Email'),
      className: 'hidden xl:table-cell',
      wrap: true,
      cell: (supplier) => (supplier.email ? <EmailText email={supplier.email} /> : dash),
    },
    { id: 'phone', header: t('Phone'), className: 'hidden tabular-nums xl:table-cell', cell: (supplier) => supplier.phone || dash },
    { id: 'location', header: t('Location'), className: 'hidden xl:table-cell', wrap: true, cell: (supplier) => location(supplier) || dash },
    {
      id: 'active',
      header: t('Active'),
      cell: (supplier) => (supplier.active ? <Badge tone="success">{t('Active')}</Badge> : <Badge>{t('Inactive')}</Badge>),
    },
  ];
  if (canWrite) {
    columns.push(
      rowActionsColumn(t('Actions'), (supplier) => ({ name: supplier.name, onEdit: () => list.edit(supplier), onDelete: () => list.confirmDelete(supplier) })),
    );
  }

  return (
    <section>
      <PageTitle title={t('Suppliers')} actions={canWrite ? <Button onClick={list.add}>{t('+ Add Supplier')}</Button> : null} />
      <ListCard
        list={list}
        searchPlaceholder={t('Search by code/name/email/phone')}
        searchClassName="sm:max-w-sm"
        toolbar={
          <ListFilter id="supplier-active-filter" label={t('Status')}>
            <Select
              id="supplier-active-filter"
              className="w-36"
              value={activeFilter}
              onChange={(event) => setActiveFilter(event.target.value as ActiveFilter)}
            >
              <option value="all">{t('All')}</option>
              <option value="active">{t('Active')}</option>
              <option value="inactive">{t('Inactive')}</option>
            </Select>
          </ListFilter>
        }
        label={t('Suppliers')}
        columns={columns}
        emptyText={t('No suppliers found.')}
        error={listError(list.query, t('Failed to load suppliers'), t)}
      />

      <SupplierFormDialog {...list.formDialog} open={canWrite && list.formDialog.open} />
      <ConfirmDialog
        {...list.deleteDialog}
        title={t('Delete supplier?')}
        description={t('This will permanently remove the supplier.')}
        subject={list.deleting ? `${list.deleting.name} (${list.deleting.code})` : undefined}
      />
    </section>
  );
}

/** Where the supplier is: city and country, as far as known. */
function location(supplier: Supplier): string {
  return [supplier.city, supplier.country].filter(Boolean).join(', ');
}
