import { formatMoney } from '@/lib/format';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@shop/contracts/customer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ClampedText } from '@/components/ui/clamped-text';
import { EmailText } from '@/components/ui/email-text';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListCard } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { rowActionsColumn } from '@/components/ui/row-actions';
import type { Column } from '@/components/ui/table';
import { Thumbnail } from '@/components/ui/thumbnail';
import { useCan } from '@/lib/permissions';
import { useLinkedId } from '@/lib/use-linked-id';
import { useListScreen } from '@/lib/use-list-screen';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useDeleteCustomer } from '../api/delete-customer';
import { useCustomer } from '../api/get-customer';
import { customersQueryOptions } from '../api/get-customers';
import { CustomerDetailsDialog } from './customer-details-dialog';
import { CustomerFormDialog } from './customer-form-dialog';

const CUSTOMERS_PER_PAGE = 5;

const dash = <span className="text-slate-500 dark:text-slate-400">-</span>;

export function CustomerListPage() {
  const { t } = useTranslation();
  const canCreate = useCan('customers:create');
  const canWrite = useCan('customers:manage');

  // /customers?edit=12 (the header search) opens that customer: the edit form, or a read-only view for Staff.
  const [linkedId, clearLink] = useLinkedId('edit');
  const list = useListScreen({
    query: ({ q, page }) => customersQueryOptions({ q, page, per_page: CUSTOMERS_PER_PAGE }),
    rowKey: (customer) => customer.id,
    loadFailed: t('Failed to load customers'),
    remove: { call: useDeleteCustomer(), deleted: t('🗑️ Customer deleted'), failed: t('Failed to delete customer') },
    onCloseForm: () => {
      if (linkedId !== null) clearLink();
    },
  });

  const linked = useCustomer(linkedId);
  useLoadErrorToast(linked.error, linked.errorUpdatedAt, t('Failed to load customers'), t);
  const linkedCustomer = linked.data !== undefined && linked.data.id === linkedId ? linked.data : null;
  const formCustomer = list.editing === 'new' ? null : (list.editing ?? (canWrite ? linkedCustomer : null));
  const formOpen = list.editing === 'new' ? canCreate : formCustomer !== null && canWrite;

  const columns: Column<Customer>[] = [
    {
      id: 'lead',
      header: t('Lead'),
      wrap: true,
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
            <ClampedText text={customer.name} className="font-medium text-slate-900 dark:text-white" />
            {/* Below xl (a tablet) the contact columns are hidden and their facts come here, so a row fits. */}
            <ClampedText
              text={[customer.email, customer.phone, customer.company].filter(Boolean).join(' · ')}
              className="text-xs text-slate-500 xl:hidden dark:text-slate-400"
            />
          </div>
        </div>
      ),
    },
    { id: 'email', header: t('Email'), className: 'hidden xl:table-cell', wrap: true, cell: (customer) => <EmailText email={customer.email} /> },
    { id: 'phone', header: t('Phone No'), className: 'hidden tabular-nums xl:table-cell', cell: (customer) => customer.phone || dash },
    {
      id: 'company',
      header: t('Company'),
      className: 'hidden xl:table-cell',
      wrap: true,
      cell: (customer) => (customer.company ? <ClampedText text={customer.company} /> : dash),
    },
    {
      id: 'balance',
      header: t('Balance owing'),
      className: 'text-right tabular-nums',
      cell: (customer) =>
        customer.balance_owing > 0 ? <span className="font-medium text-amber-700 dark:text-amber-300">{formatMoney(customer.balance_owing)}</span> : dash,
    },
  ];
  if (canWrite) {
    columns.push(
      rowActionsColumn(t('Action'), (customer) => ({ name: customer.name, onEdit: () => list.edit(customer), onDelete: () => list.confirmDelete(customer) })),
    );
  }

  return (
    <section>
      <PageTitle
        title={t('Customers')}
        actions={
          canCreate ? (
            <Button onClick={list.add}>
              <Plus aria-hidden className="size-4" />
              {t('Add Customer')}
            </Button>
          ) : null
        }
      />
      <ListCard
        list={list}
        searchPlaceholder={t('Search by name/email/phone/company')}
        searchClassName="sm:max-w-sm"
        label={t('Customers')}
        columns={columns}
        emptyText={t('No customers found.')}
      />

      <CustomerFormDialog {...list.formDialog} open={formOpen} record={formCustomer} />
      <CustomerDetailsDialog customer={canWrite ? null : linkedCustomer} onClose={clearLink} />
      <ConfirmDialog
        {...list.deleteDialog}
        title={t('Delete customer?')}
        description={t('This will permanently remove the customer. This action cannot be undone.')}
        subject={list.deleting ? `${list.deleting.name} (${list.deleting.email})` : undefined}
      />
    </section>
  );
}
