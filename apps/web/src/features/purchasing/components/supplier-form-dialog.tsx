import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { supplierInputSchema, type Supplier } from '@shop/contracts/supplier';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateSupplier } from '../api/create-supplier';
import { useUpdateSupplier } from '../api/update-supplier';

type FormInput = z.input<typeof supplierInputSchema>;
type FormOutput = z.output<typeof supplierInputSchema>;

const FIELDS = ['code', 'name', 'contact_name', 'email', 'phone', 'address', 'city', 'country', 'active', 'notes'] as const;
type Field = (typeof FIELDS)[number];

type SupplierFormDialogProps = {
  open: boolean;
  /** The supplier to edit; `null` to add one. */
  supplier: Supplier | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (supplier: Supplier, mode: 'created' | 'updated') => void;
};

export function SupplierFormDialog({ open, supplier, onOpenChange, onSaved }: SupplierFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const saving = create.isPending || update.isPending;

  function save(input: FormOutput, onError: (error: unknown) => void) {
    const report = (text: string) => (error: unknown) => {
      onError(error);
      const message = failureText(error, text, t);
      if (message) toast.error(message);
    };
    if (supplier) {
      update.mutate(
        { id: supplier.id, input },
        {
          onError: report(t('Failed to update supplier')),
          onSuccess: (saved) => {
            toast.success(t('Supplier updated'));
            onSaved(saved, 'updated');
          },
        },
      );
    } else {
      create.mutate(input, {
        onError: report(t('Failed to create supplier')),
        onSuccess: (saved) => {
          toast.success(t('Supplier created'));
          onSaved(saved, 'created');
        },
      });
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={saving} size="lg" title={supplier ? t('Edit Supplier') : t('Add Supplier')}>
      <SupplierForm supplier={supplier} saving={saving} save={save} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function SupplierForm({
  supplier,
  saving,
  save,
  onCancel,
}: {
  supplier: Supplier | null;
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
    resolver: zodResolver(supplierInputSchema),
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
  });

  const onSubmit = handleSubmit((input) => save(input, (error) => applyServerFieldErrors(error, setError, FIELDS)));

  const error = (field: Field) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };

  const text = (field: Exclude<Field, 'active' | 'notes' | 'email' | 'phone'>, label: string, wide = false) => {
    const id = `supplier-${field.replace('_', '-')}`;
    return (
      <div className={wide ? 'sm:col-span-2' : undefined}>
        <FormField id={id} label={label} error={error(field)}>
          <Input id={id} autoComplete="off" {...invalidProps(id, error(field))} {...register(field)} />
        </FormField>
      </div>
    );
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody className="grid gap-4 sm:grid-cols-2">
        {text('code', t('Code'))}
        {text('name', t('Name'))}
        {text('contact_name', t('Contact Name'))}
        <FormField id="supplier-phone" label={t('Phone')} error={error('phone')}>
          <Input id="supplier-phone" type="tel" autoComplete="off" {...invalidProps('supplier-phone', error('phone'))} {...register('phone')} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="supplier-email" label={t('Email')} error={error('email')}>
            <Input
              id="supplier-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              {...invalidProps('supplier-email', error('email'))}
              {...register('email')}
            />
          </FormField>
        </div>
        {text('address', t('Address'), true)}
        {text('city', t('City'))}
        {text('country', t('Country'))}
        <div className="sm:col-span-2">
          <FormField id="supplier-notes" label={t('Notes')} error={error('notes')}>
            <Textarea id="supplier-notes" {...invalidProps('supplier-notes', error('notes'))} {...register('notes')} />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2 dark:text-slate-300">
          <Checkbox {...register('active')} />
          {t('Active')}
        </label>
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
