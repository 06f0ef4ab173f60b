import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { supplyItemInputSchema, type SupplyItem, type SupplyItemInput } from '@shop/contracts/supply';
import { AlertBanner } from '@/components/ui/alert-banner';
import { FormDateField } from '@/components/ui/date-field';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateSupplyItem } from '../api/create-supply-item';
import { useUpdateSupplyItem } from '../api/update-supply-item';

type Field = keyof SupplyItemInput;

/** The contract's message for a missing Supply ID or Product ID. */
const IDS_REQUIRED = 'Supply ID and Product ID are required';

export function SupplyItemFormDialog({ open, record: item, onOpenChange, onSaved }: RecordDialogProps<SupplyItem>) {
  const { t } = useTranslation();
  const submit = recordSubmit(item, {
    create: useCreateSupplyItem(),
    update: useUpdateSupplyItem(),
    texts: {
      created: () => t('Item created successfully'),
      updated: () => t('Item updated successfully'),
      failed: { created: t('Failed to create item'), updated: t('Failed to update item') },
    },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={item ? t('Edit Item #{{id}}', { id: item.id }) : t('Add Supply Item')}>
      <SupplyItemForm item={item} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function SupplyItemForm({ item, submit, onCancel }: { item: SupplyItem | null; submit: RecordSubmit<SupplyItemInput, SupplyItem>; onCancel: () => void }) {
  const { t } = useTranslation();
  const {
    register,
    control,
    submit: onSubmit,
    formState: { errors },
  } = useSchemaForm(supplyItemInputSchema, {
    defaultValues: {
      supply_id: item?.supply_id,
      product_id: item?.product_id,
      supply_quantity: item?.supply_quantity ?? 1,
      unit_price: item?.unit_price,
      expire_date: item?.expire_date ?? '',
    },
    ...submit,
  });

  const idsMissing = missingIds(errors);
  // A missing id is said once, in the alert above the fields; other messages sit under their field.
  const error = (field: Field) => {
    const message = errors[field]?.message;
    return message && message !== IDS_REQUIRED ? t(message) : undefined;
  };
  const invalid = (id: string, field: Field) => ({ ...(errors[field] ? { 'aria-invalid': true as const } : {}), ...invalidProps(id, error(field)) });
  const numberField = (field: Field) => register(field, { valueAsNumber: true });

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel} bodyClassName="grid gap-4 sm:grid-cols-2">
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
        <FormDateField id="supply-item-expire" control={control} name="expire_date" {...invalid('supply-item-expire', 'expire_date')} />
      </FormField>
    </ModalForm>
  );
}

function missingIds(errors: FieldErrors<SupplyItemInput>): boolean {
  return errors.supply_id?.message === IDS_REQUIRED || errors.product_id?.message === IDS_REQUIRED;
}
