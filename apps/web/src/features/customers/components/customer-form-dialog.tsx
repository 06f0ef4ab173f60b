import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { customerInputSchema, type Customer } from '@shop/contracts/customer';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateCustomer } from '../api/create-customer';
import { useUpdateCustomer } from '../api/update-customer';

type FormInput = z.input<typeof customerInputSchema>;
type FormOutput = z.output<typeof customerInputSchema>;

const FIELDS = ['name', 'email', 'phone', 'company', 'avatar'] as const;

type CustomerFormDialogProps = {
  open: boolean;
  /** The customer to edit; `null` to add one. */
  customer: Customer | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (customer: Customer, mode: 'created' | 'updated') => void;
};

export function CustomerFormDialog({ open, customer, onOpenChange, onSaved }: CustomerFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateCustomer();
  const update = useUpdateCustomer();
  const saving = create.isPending || update.isPending;

  function save(input: FormOutput, onError: (error: unknown) => void) {
    const report = (text: string) => (error: unknown) => {
      onError(error);
      const message = failureText(error, text, t);
      if (message) toast.error(message);
    };
    if (customer) {
      update.mutate(
        { id: customer.id, input },
        {
          onError: report(t('Failed to update customer')),
          onSuccess: (saved) => {
            toast.success(t('✅ Customer updated'));
            onSaved(saved, 'updated');
          },
        },
      );
    } else {
      create.mutate(input, {
        onError: report(t('Failed to create customer')),
        onSuccess: (saved) => {
          toast.success(t('✅ Customer created successfully!'));
          onSaved(saved, 'created');
        },
      });
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={saving} title={customer ? t('Edit Customer') : t('Add Customer')}>
      <CustomerForm customer={customer} saving={saving} save={save} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function CustomerForm({
  customer,
  saving,
  save,
  onCancel,
}: {
  customer: Customer | null;
  saving: boolean;
  save: (input: FormOutput, onError: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(customerInputSchema),
    defaultValues: {
      name: customer?.name ?? '',
      email: customer?.email ?? '',
      phone: customer?.phone ?? '',
      company: customer?.company ?? '',
      avatar: customer?.avatar ?? '',
    },
  });

  const onSubmit = handleSubmit((input) => save(input, (error) => applyServerFieldErrors(error, setError, FIELDS)));

  const error = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody className="grid gap-4 sm:grid-cols-2">
        <FormField id="customer-name" label={t('Name')} error={error('name')}>
          <Input id="customer-name" autoComplete="off" {...invalidProps('customer-name', error('name'))} {...register('name')} />
        </FormField>
        <FormField id="customer-email" label={t('Email')} error={error('email')}>
          <Input
            id="customer-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            {...invalidProps('customer-email', error('email'))}
            {...register('email')}
          />
        </FormField>
        <FormField id="customer-phone" label={t('Phone')} error={error('phone')}>
          <Input id="customer-phone" type="tel" autoComplete="off" {...invalidProps('customer-phone', error('phone'))} {...register('phone')} />
        </FormField>
        <FormField id="customer-company" label={t('Company')} error={error('company')}>
          <Input id="customer-company" autoComplete="off" {...invalidProps('customer-company', error('company'))} {...register('company')} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="customer-avatar" label={t('Avatar URL')} error={error('avatar')}>
            <Input
              id="customer-avatar"
              type="url"
              inputMode="url"
              placeholder="https://"
              {...invalidProps('customer-avatar', error('avatar'))}
              {...register('avatar')}
            />
          </FormField>
        </div>
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('Saving…') : t('Save')}
        </Button>
      </ModalFooter>
    </form>
  );
}
