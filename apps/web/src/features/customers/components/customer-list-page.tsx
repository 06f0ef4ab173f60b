import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Customer } from '@shop/contracts/customer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { SearchInput } from '@/components/ui/search-input';
import { Table, type Column } from '@/components/ui/table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { failureText } from '@/lib/error-text';
import { pageAfterDelete } from '@/lib/list';
import { useCan } from '@/lib/permissions';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLinkedId } from '@/lib/use-linked-id';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomer } from '../api/get-customer';
import { useCustomers } from '../api/get-customers';
import { CustomerDetailsDialog } from './customer-details-dialog';
import { CustomerFormDialog } from './customer-form-dialog';

/** Spec 01 §9. */
const CUSTOMERS_PER_PAGE = 5;

const dash = <span className="text-slate-500 dark:text-slate-400">-</span>;

export function CustomerListPage() {
  const { t } = useTranslation();
  const canCreate = useCan('customers:create');
  const canWrite = useCan('customers:manage');

  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const [page, setPage] = usePage(q);
  const customers = useCustomers({ q: q || undefined, page, per_page: CUSTOMERS_PER_PAGE });
  useLoadErrorToast(customers.error, customers.errorUpdatedAt, t('Failed to load customers'), t);
  const rows = customers.data?.data;

  const [editing, setEditing] = useState<Customer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Customer | null>(null);
  const remove = useDeleteCustomer();

  // /customers?edit=12 (the header search) opens that customer: the edit form, or a read-only view for Staff.
  const [linkedId, clearLink] = useLinkedId('edit');
  const linked = useCustomer(linkedId);
  useLoadErrorToast(linked.error, linked.errorUpdatedAt, t('Failed to load customers'), t);
  const linkedCustomer = linked.data !== undefined && linked.data.id === linkedId ? linked.data : null;
  const formCustomer = editing === 'new' ? null : (editing ?? (canWrite ? linkedCustomer : null));
  const formOpen = editing === 'new' ? canCreate : formCustomer !== null && canWrite;

  function closeForm() {
    setEditing(null);
    if (linkedId !== null) clearLink();
  }

  function onSaved(_customer: Customer, mode: 'created' | 'updated') {
    closeForm();
    if (mode === 'created') setPage(1);
  }

  function onConfirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('🗑️ Customer deleted'));
        setDeleting(null);
        setPage(pageAfterDelete(page, rows?.length ?? 0));
      },
      onError: (error) => {
        setDeleting(null);
        const message = failureText(error, t('Failed to delete customer'), t);
        if (message) toast.error(message);
      },
    });
  }

  const columns: Column<Customer>[] = [
    {
      id: 'lead',
      header: t('Lead'),
      cell: (customer) => (
        <div className="flex items-center gap-3">
          <Thumbnail
            src={customer.avatar}
            alt=""
            className="size-9 rounded-full"
            fallback={
              <Badge className="inline-flex size-9 shrink-0 justify-center rounded-full px-0 text-[10px]" title={t('No avatar')}>
                {t('N/A')}
              </Badge>
            }
          />
          <div className="min-w-0">
            <div className="font-medium text-slate-900 dark:text-white">{customer.name}</div>
            {/* Below xl (a tablet) the contact columns are hidden and their facts come here, so a row fits. */}
            <div className="max-w-64 text-xs [overflow-wrap:anywhere] text-slate-500 xl:hidden dark:text-slate-400">
              {[customer.email, customer.phone, customer.company].filter(Boolean).join(' · ')}
            </div>
          </div>
        </div>
      ),
    },
    { id: 'email', header: t('Email'), className: 'hidden xl:table-cell', cell: (customer) => customer.email },
    { id: 'phone', header: t('Phone No'), className: 'hidden tabular-nums xl:table-cell', cell: (customer) => customer.phone || dash },
    { id: 'company', header: t('Company'), className: 'hidden xl:table-cell', cell: (customer) => customer.company || dash },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: t('Action'),
      className: 'w-24 text-right',
      cell: (customer) => (
        <div className="flex justify-end gap-1">
          <IconButton label={t('Edit {{name}}', { name: customer.name })} onClick={() => setEditing(customer)}>
            <Pencil aria-hidden />
          </IconButton>
          <IconButton tone="danger" label={t('Delete {{name}}', { name: customer.name })} onClick={() => setDeleting(customer)}>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle
        title={t('Customers')}
        actions={
          canCreate ? (
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {t('Add Customer')}
            </Button>
          ) : null
        }
      />
      <Card>
        <div className="border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <SearchInput
            className="sm:max-w-sm"
            placeholder={t('Search by name/email/phone/company')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Table
          label={t('Customers')}
          columns={columns}
          rows={rows}
          rowKey={(customer) => customer.id}
          loading={customers.isPending}
          busy={customers.isPlaceholderData}
          emptyText={t('No customers found.')}
          error={customers.isError ? { text: t('Failed to load customers'), onRetry: () => void customers.refetch() } : null}
        />
        <ListFooter meta={customers.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>

      <CustomerFormDialog open={formOpen} record={formCustomer} onOpenChange={(open) => (open ? undefined : closeForm())} onSaved={onSaved} />
      <CustomerDetailsDialog customer={canWrite ? null : linkedCustomer} onClose={clearLink} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('Delete customer?')}
        description={t('This will permanently remove the customer. This action cannot be undone.')}
        subject={deleting ? `${deleting.name} (${deleting.email})` : undefined}
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </section>
  );
}
