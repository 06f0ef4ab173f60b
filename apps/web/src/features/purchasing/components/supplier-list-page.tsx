import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Supplier } from '@shop/contracts/supplier';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Label } from '@/components/ui/label';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Table, type Column } from '@/components/ui/table';
import { failureText } from '@/lib/error-text';
import { pageAfterDelete } from '@/lib/list';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useDeleteSupplier } from '../api/delete-supplier';
import { useSuppliers } from '../api/get-suppliers';
import { listError } from '../list-error';
import { SupplierFormDialog } from './supplier-form-dialog';

/** Spec 02 §9. */
const SUPPLIERS_PER_PAGE = 10;

type ActiveFilter = 'all' | 'active' | 'inactive';
const ACTIVE_PARAM: Record<ActiveFilter, boolean | undefined> = { all: undefined, active: true, inactive: false };

const dash = <span className="text-slate-500 dark:text-slate-400">-</span>;

/** An e-mail that may wrap after its '@' rather than mid-word. */
function breakAfterAt(email: string) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export function SupplierListPage() {
  const { t } = useTranslation();
  const canWrite = useCan('purchasing:manage');

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [activeFilter, setActiveFilter] = useState<ActiveFilter>('all');
  const [page, setPage] = usePage(`${q}\n${activeFilter}`);
  const suppliers = useSuppliers({ q: q || undefined, page, per_page: SUPPLIERS_PER_PAGE, active: ACTIVE_PARAM[activeFilter] });
  useLoadErrorToast(suppliers.error, suppliers.errorUpdatedAt, t('Failed to load suppliers'), t);
  const rows = suppliers.data?.data;

  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Supplier | null>(null);
  const remove = useDeleteSupplier();

  function onSaved(_supplier: Supplier, mode: 'created' | 'updated') {
    setEditing(null);
    // Spec 02 §4: a create moves to page 1 (the list reloads); an update reloads in place.
    if (mode === 'created') setPage(1);
  }

  function onConfirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('Supplier deleted'));
        setDeleting(null);
        setPage(pageAfterDelete(page, rows?.length ?? 0));
      },
      onError: (error) => {
        setDeleting(null);
        const message = failureText(error, t('Failed to delete supplier'), t);
        if (message) toast.error(message);
      },
    });
  }

  // Long names, e-mails and places wrap or shorten, so all eight columns fit beside the sidebar.
  const columns: Column<Supplier>[] = [
    { id: 'code', header: t('Code'), cell: (supplier) => <span className="font-mono text-xs">{supplier.code}</span> },
    {
      id: 'name',
      header: t('Name'),
      cell: (supplier) => <div className="max-w-36 font-medium whitespace-normal text-slate-900 dark:text-white">{supplier.name}</div>,
    },
    { id: 'contact', header: t('Contact'), cell: (supplier) => <div className="max-w-28 whitespace-normal">{supplier.contact_name || dash}</div> },
    {
      id: 'email',
      header: t('Email'),
      cell: (supplier) => (supplier.email ? <div className="max-w-40 whitespace-normal [overflow-wrap:anywhere]">{breakAfterAt(supplier.email)}</div> : dash),
    },
    { id: 'phone', header: t('Phone'), className: 'tabular-nums whitespace-nowrap', cell: (supplier) => supplier.phone || dash },
    {
      id: 'location',
      header: t('Location'),
      cell: (supplier) => <div className="max-w-32 whitespace-normal">{[supplier.city, supplier.country].filter(Boolean).join(', ') || dash}</div>,
    },
    {
      id: 'active',
      header: t('Active'),
      cell: (supplier) => (supplier.active ? <Badge tone="success">{t('Active')}</Badge> : <Badge>{t('Inactive')}</Badge>),
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: t('Actions'),
      className: 'w-24 text-right',
      cell: (supplier) => (
        <div className="flex justify-end gap-1">
          <IconButton label={t('Edit {{name}}', { name: supplier.name })} onClick={() => setEditing(supplier)}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton tone="danger" label={t('Delete {{name}}', { name: supplier.name })} onClick={() => setDeleting(supplier)}>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle title={t('Suppliers')} actions={canWrite ? <Button onClick={() => setEditing('new')}>{t('+ Add Supplier')}</Button> : null} />
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput
            className="sm:max-w-sm"
            placeholder={t('Search by code/name/email/phone')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <div className="flex items-center gap-2">
            <Label htmlFor="supplier-active-filter" className="whitespace-nowrap">
              {t('Status')}
            </Label>
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
          </div>
        </div>
        <Table
          label={t('Suppliers')}
          columns={columns}
          rows={rows}
          rowKey={(supplier) => supplier.id}
          loading={suppliers.isPending}
          busy={suppliers.isPlaceholderData}
          emptyText={t('No suppliers found.')}
          error={listError(suppliers, t('Failed to load suppliers'), t)}
        />
        <ListFooter meta={suppliers.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <SupplierFormDialog
        open={canWrite && editing !== null}
        record={editing === 'new' ? null : editing}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        onSaved={onSaved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('Delete supplier?')}
        description={t('This will permanently remove the supplier.')}
        subject={deleting ? `${deleting.name} (${deleting.code})` : undefined}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}
