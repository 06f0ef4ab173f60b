import { useTranslation } from 'react-i18next';
import { customerInputSchema, type Customer, type CustomerInput } from '@shop/contracts/customer';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useOnline } from '@/lib/offline/connection';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';

export function CustomerFormDialog({ open, record: customer, onOpenChange, onSaved }: RecordDialogProps<Customer>) {
  const { t } = useTranslation();
  const submit = recordSubmit(customer, {
    create: useCreateCustomer(),
    update: useUpdateCustomer(),
    texts: {
      created: () => t('✅ Customer created successfully!'),
      updated: () => t('✅ Customer updated'),
      failed: { created: t('Failed to create customer'), updated: t('Failed to update customer') },
    },
    onSaved,
  });
  // Customers are kept by the server: with none, saving would only fail (docs/decisions/0016-offline-selling.md).
  const online = useOnline();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={submit.saving}
      title={customer ? t('Edit Customer') : t('Add Customer')}
      description={online ? undefined : t('Offline: adding or changing a customer needs the server. Save when it is back.')}
    >
      <CustomerForm customer={customer} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function CustomerForm({ customer, submit, onCancel }: { customer: Customer | null; submit: RecordSubmit<CustomerInput, Customer>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { field, submit: onSubmit } = useSchemaForm(customerInputSchema, {
    defaultValues: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      company: customer?.company ?? '',
      avatar: customer?.avatar ?? '',
    },
    ...submit,
  });

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel} bodyClassName="grid gap-4 sm:grid-cols-2">
      <TextField label={t('Name')} field={field('name', 'customer-name')} autoComplete="off" />
      <TextField label={t('Email')} field={field('email', 'customer-email')} type="email" inputMode="email" autoComplete="off" />
      <TextField label={t('Phone')} field={field('phone', 'customer-phone')} type="tel" autoComplete="off" />
      <TextField label={t('Company')} field={field('company', 'customer-company')} autoComplete="off" />
      <div className="sm:col-span-2">
        <TextField label={t('Avatar URL')} field={field('avatar', 'customer-avatar')} type="url" inputMode="url" placeholder="https://" />
      </div>
    </ModalForm>
  );
}
