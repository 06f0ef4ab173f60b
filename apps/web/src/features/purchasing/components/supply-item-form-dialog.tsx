import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { supplyItemInputSchema, type SupplyItem } from '@shop/contracts/supply';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateSupplyItem } from '../api/create-supply-item';
import { useUpdateSupplyItem } from '../api/update-supply-item';

type FormInput = z.input<typeof supplyItemInputSchema>;
type FormOutput = z.output<typeof supplyItemInputSchema>;

const FIELDS = ['supply_id', 'product_id', 'supply_quantity', 'unit_price', 'expire_date'] as const;
type Field = (typeof FIELDS)[number];

/** The contract's message for a missing Supply ID or Product ID (spec 02 §5). */
const IDS_REQUIRED = 'Supply ID and Product ID are required';

type SupplyItemFormDialogProps = {
  open: boolean;
  /** The item to edit; `null` to add one. */
  item: SupplyItem | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (item: SupplyItem, mode: 'created' | 'updated') => void;
};

export function SupplyItemFormDialog({ open, item, onOpenChange, onSaved }: SupplyItemFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateSupplyItem();
  const update = useUpdateSupplyItem();
  const saving = create.isPending || update.isPending;

  function save(input: FormOutput, onError: (error: unknown) => void) {
    const report = (text: string) => (error: unknown) => {
      onError(error);
      const message = failureText(error, text, t);
      if (message) toast.error(message);
    };
    if (item) {
      update.mutate(
        { id: item.id, input },
        {
          onError: report(t('Failed to update item')),
          onSuccess: (saved) => {
            toast.success(t('Item updated successfully'));
            onSaved(saved, 'updated');
          },
        },
      );
    } else {
      create.mutate(input, {
        onError: report(t('Failed to create item')),
        onSuccess: (saved) => {
          toast.success(t('Item created successfully'));
          onSaved(saved, 'created');
        },
      });
    }
  }

  // Spec 02 §9: the item form is at most xl wide (md is max-w-lg).
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={saving} title={item ? t('Edit Item #{{id}}', { id: item.id }) : t('Add Supply Item')}>
      <SupplyItemForm item={item} saving={saving} save={save} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function SupplyItemForm({
  item,
  saving,
  save,
  onCancel,
}: {
  item: SupplyItem | null;
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
    resolver: zodResolver(supplyItemInputSchema),
    defaultValues: {
      supply_id: item?.supply_id,
      product_id: item?.product_id,
      supply_quantity: item?.supply_quantity ?? 1,
      unit_price: item?.unit_price,
      expire_date: item?.expire_date ?? '',
    },
  });

  const onSubmit = handleSubmit((input) => save(input, (error) => applyServerFieldErrors(error, setError, FIELDS)));

  const idsMissing = missingIds(errors);
  // A missing id is said once, in the alert above the fields; other messages sit under their field.
  const error = (field: Field) => {
    const message = errors[field]?.message;
    return message && message !== IDS_REQUIRED ? t(message) : undefined;
  };
  const invalid = (id: string, field: Field) => ({ ...(errors[field] ? { 'aria-invalid': true as const } : {}), ...invalidProps(id, error(field)) });
  const numberField = (field: Field) => register(field, { valueAsNumber: true });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody className="grid gap-4 sm:grid-cols-2">
        {idsMissing ? (
          <div className="sm:col-span-2">
            <AlertBanner>{t('Supply ID and Product ID are required')}</AlertBanner>
          </div>
        ) : null}
        <FormField id="supply-item-supply" label={t('Supply ID')} error={error('supply_id')}>
          <Input
            id="supply-item-supply"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            required
            {...invalid('supply-item-supply', 'supply_id')}
            {...numberField('supply_id')}
          />
        </FormField>
        <FormField id="supply-item-product" label={t('Product ID')} error={error('product_id')}>
          <Input
            id="supply-item-product"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            required
            {...invalid('supply-item-product', 'product_id')}
            {...numberField('product_id')}
          />
        </FormField>
        <FormField id="supply-item-quantity" label={t('Quantity')} error={error('supply_quantity')}>
          <Input
            id="supply-item-quantity"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            required
            {...invalid('supply-item-quantity', 'supply_quantity')}
            {...numberField('supply_quantity')}
          />
        </FormField>
        <FormField id="supply-item-price" label={t('Unit Price')} error={error('unit_price')}>
          <Input
            id="supply-item-price"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            required
            {...invalid('supply-item-price', 'unit_price')}
            {...numberField('unit_price')}
          />
        </FormField>
        <FormField id="supply-item-expire" label={t('Expire Date')} error={error('expire_date')}>
          <Input id="supply-item-expire" type="date" {...invalid('supply-item-expire', 'expire_date')} {...register('expire_date')} />
        </FormField>
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

function missingIds(errors: FieldErrors<FormInput>): boolean {
  return errors.supply_id?.message === IDS_REQUIRED || errors.product_id?.message === IDS_REQUIRED;
}
