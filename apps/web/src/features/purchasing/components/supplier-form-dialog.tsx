import { useTranslation } from 'react-i18next';
import { supplierInputSchema, type Supplier, type SupplierInput } from '@shop/contracts/supplier';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps, TextareaField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateSupplier } from '../api/create-supplier';
import { useUpdateSupplier } from '../api/update-supplier';

export function SupplierFormDialog({ open, record: supplier, onOpenChange, onSaved }: RecordDialogProps<Supplier>) {
  const { t } = useTranslation();
  const submit = recordSubmit(supplier, {
    create: useCreateSupplier(),
    update: useUpdateSupplier(),
    texts: {
      created: () => t('Supplier created'),
      updated: () => t('Supplier updated'),
      failed: { created: t('Failed to create supplier'), updated: t('Failed to update supplier') },
    },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} size="lg" title={supplier ? t('Edit Supplier') : t('Add Supplier')}>
      <SupplierForm supplier={supplier} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function SupplierForm({ supplier, submit, onCancel }: { supplier: Supplier | null; submit: RecordSubmit<SupplierInput, Supplier>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { register, field, fieldError, submit: onSubmit } = useSchemaForm(supplierInputSchema, {
    defaultValues: {
      code: supplier?.code ?? '',
      name: supplier?.name ?? '',
      contact_name: supplier?.contact_name ?? '',
      email: supplier?.email ?? '',
      phone: supplier?.phone ?? '',
      address: supplier?.address ?? '',
      city: supplier?.city ?? '',
      country: supplier?.country ?? '',
      active: supplier?.active ?? true,
      notes: supplier?.notes ?? '',
    },
    ...submit,
  });

  const text = (field: 'code' | 'name' | 'contact_name' | 'address' | 'city' | 'country', label: string, wide = false) => {
    const id = `supplier-${field.replace('_', '-')}`;
    return (
      <div className={wide ? 'sm:col-span-2' : undefined}>
        <FormField id={id} label={label} error={fieldError(field)}>
          <Input id={id} autoComplete="off" {...invalidProps(id, fieldError(field))} {...register(field)} />
        </FormField>
      </div>
    );
  };

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel} bodyClassName="grid gap-4 sm:grid-cols-2">
      {text('code', t('Code'))}
      {text('name', t('Name'))}
      {text('contact_name', t('Contact Name'))}
      <TextField label={t('Phone')} field={field('phone', 'supplier-phone')} type="tel" autoComplete="off" />
      <div className="sm:col-span-2">
        <TextField label={t('Email')} field={field('email', 'supplier-email')} type="email" inputMode="email" autoComplete="off" />
      </div>
      {text('address', t('Address'), true)}
      {text('city', t('City'))}
      {text('country', t('Country'))}
      <div className="sm:col-span-2">
        <TextareaField label={t('Notes')} field={field('notes', 'supplier-notes')} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
        <Checkbox {...register('active')} />
        {t('Active')}
      </label>
    </ModalForm>
  );
}
