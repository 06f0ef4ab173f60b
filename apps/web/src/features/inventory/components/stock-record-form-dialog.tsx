import { useTranslation } from 'react-i18next';
import { stockRecordInputSchema, type StockRecord, type StockRecordInput } from '@shop/contracts/stock';
import { ProductPicker } from '@/components/product-picker/product-picker';
import { FormDateField } from '@/components/ui/date-field';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps, TextareaField, TextField } from '@/components/ui/form-field';
import { shopToday } from '@/lib/format';
import type { RecordSubmit } from '@/lib/record-submit';
import { useShopSettings } from '@/lib/shop-settings';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateStockRecord } from '../api/create-stock-record';

type StockRecordFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (record: StockRecord) => void;
};

/** A manual receipt: stock that came in without a supply document. */
export function StockRecordFormDialog({ open, onOpenChange, onSaved }: StockRecordFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreateStockRecord();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={create.isPending}
      title={t('Add stock')}
      description={t('Record stock that arrived without a supply, e.g. bought at the market.')}
    >
      <StockRecordForm
        submit={{
          saving: create.isPending,
          save: create.mutate,
          successToast: (saved) => t('Stock added: {{quantity}} × {{name}}', { quantity: saved.quantity, name: saved.product_name }),
          failureToast: t('Save failed'),
          onSaved,
        }}
        onCancel={() => onOpenChange(false)}
      />
    </Modal>
  );
}

function StockRecordForm({ submit, onCancel }: { submit: RecordSubmit<StockRecordInput, StockRecord>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { timezone } = useShopSettings().settings.localization;
  const { control, field, fieldError, submit: onSubmit } = useSchemaForm(stockRecordInputSchema, {
    defaultValues: {
      product_id: undefined,
      quantity: undefined,
      price_in: undefined,
      received_date: shopToday(new Date(), timezone),
      expire_date: '',
      notes: '',
    },
    ...submit,
  });

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel} bodyClassName="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormField id="receipt-product" label={t('Product')} error={fieldError('product_id')}>
          <ProductPicker
            id="receipt-product"
            control={control}
            name="product_id"
            withStock
            {...invalidProps('receipt-product', fieldError('product_id'))}
          />
        </FormField>
      </div>
      <TextField label={t('Quantity')} field={field('quantity', 'receipt-quantity', { valueAsNumber: true })} type="number" inputMode="numeric" min="1" step="1" />
      <TextField
        label={t('Price In ($)')}
        field={field('price_in', 'receipt-price-in', { valueAsNumber: true })}
        type="number"
        inputMode="decimal"
        min="0"
        step="0.01"
      />
      <FormField id="receipt-received-date" label={t('Received Date')} error={fieldError('received_date')}>
        <FormDateField
          id="receipt-received-date"
          control={control}
          name="received_date"
          {...invalidProps('receipt-received-date', fieldError('received_date'))}
        />
      </FormField>
      <FormField id="receipt-expire-date" label={t('Expiry date (optional)')} error={fieldError('expire_date')}>
        <FormDateField id="receipt-expire-date" control={control} name="expire_date" {...invalidProps('receipt-expire-date', fieldError('expire_date'))} />
      </FormField>
      <div className="sm:col-span-2">
        <TextareaField label={t('Notes')} field={field('notes', 'receipt-notes')} rows={2} />
      </div>
    </ModalForm>
  );
}
