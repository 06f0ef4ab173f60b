import { useTranslation } from 'react-i18next';
import { customerInputSchema, type Customer, type CustomerInput } from '@shop/contracts/customer';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
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
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={customer ? t('Edit Customer') : t('Add Customer')}>
      <CustomerForm customer={customer} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function CustomerForm({ customer, submit, onCancel }: { customer: Customer | null; submit: RecordSubmit<CustomerInput, Customer>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { register, fieldError, submit: onSubmit } = useSchemaForm(customerInputSchema, {
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
      <FormField id="customer-name" label={t('Name')} error={fieldError('name')}>
        <Input id="customer-name" autoComplete="off" {...invalidProps('customer-name', fieldError('name'))} {...register('name')} />
      </FormField>
      <FormField id="customer-email" label={t('Email')} error={fieldError('email')}>
        <Input
          id="customer-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          {...invalidProps('customer-email', fieldError('email'))}
          {...register('email')}
        />
      </FormField>
      <FormField id="customer-phone" label={t('Phone')} error={fieldError('phone')}>
        <Input id="customer-phone" type="tel" autoComplete="off" {...invalidProps('customer-phone', fieldError('phone'))} {...register('phone')} />
      </FormField>
      <FormField id="customer-company" label={t('Company')} error={fieldError('company')}>
        <Input id="customer-company" autoComplete="off" {...invalidProps('customer-company', fieldError('company'))} {...register('company')} />
      </FormField>
      <div className="sm:col-span-2">
        <FormField id="customer-avatar" label={t('Avatar URL')} error={fieldError('avatar')}>
          <Input
            id="customer-avatar"
            type="url"
            inputMode="url"
            placeholder="https://"
            {...invalidProps('customer-avatar', fieldError('avatar'))}
            {...register('avatar')}
          />
        </FormField>
      </div>
    </ModalForm>
  );
}
