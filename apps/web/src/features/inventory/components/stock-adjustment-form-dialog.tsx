import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { STOCK_ADJUSTMENT_REASONS, stockAdjustmentInputSchema } from '@shop/contracts/stock';
import type { ProductOption } from '@/components/product-picker/get-product-options';
import { ProductPicker } from '@/components/product-picker/product-picker';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { fieldErrorId, FormField, invalidProps, SelectField, TextareaField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { enumLabel } from '@/lib/enum-labels';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateStockAdjustment, type StockAdjustment } from '../api/create-stock-adjustment';

/** The fields on screen (a batch is chosen only by a write-off from the expiring list). */
const FIELDS = ['product_id', 'quantity', 'reason', 'notes'] as const;

/** "-2" and "+3" both read as numbers; an empty box is no number at all (not 0). */
function signedNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  return text === '' ? Number.NaN : Number(text);
}

type StockAdjustmentFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (adjustment: StockAdjustment) => void;
};

export function StockAdjustmentFormDialog({ open, onOpenChange, onSaved }: StockAdjustmentFormDialogProps) {
  const { t } = useTranslation();
  const adjust = useCreateStockAdjustment();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={adjust.isPending}
      title={t('Adjust stock')}
      description={t('Correct a count, record waste or write off expired stock. Every adjustment is kept in the stock ledger.')}
    >
      <StockAdjustmentForm adjust={adjust} onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function StockAdjustmentForm({
  adjust,
  onSaved,
  onCancel,
}: {
  adjust: ReturnType<typeof useCreateStockAdjustment>;
  onSaved: (adjustment: StockAdjustment) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [product, setProduct] = useState<ProductOption | null>(null);
  const { register, control, field, fieldError, submit } = useSchemaForm(stockAdjustmentInputSchema, {
    defaultValues: { product_id: undefined, quantity: undefined, reason: undefined, notes: '' },
    serverFields: () => FIELDS,
    save: (input, handlers) => {
      if (product) adjust.mutate(input, handlers);
    },
    successToast: (saved) => t('Stock adjusted: {{name}} now has {{onHand}} on hand', { name: product?.name, onHand: saved.on_hand }),
    onSaved,
    failureToast: t('Failed to adjust stock'),
    onRefused: (error, { onFields, setError }) => {
      // A refusal such as "Only 3 of Croissant on hand…" is about the quantity: say it there too.
      if (!onFields && error instanceof ApiError && error.status === 409 && error.serverMessage) {
        setError('quantity', { type: 'server', message: error.serverMessage }, { shouldFocus: true });
      }
      return false;
    },
  });
  const quantity = signedNumber(useWatch({ control, name: 'quantity' }));

  const tracked = product?.track_stock && product.stock !== null ? product.stock : null;
  const after = tracked !== null && Number.isInteger(quantity) && quantity !== 0 ? tracked + quantity : null;

  return (
    <ModalForm onSubmit={submit} saving={adjust.isPending} onCancel={onCancel} submitLabel={t('Adjust stock')}>
      <FormField id="adjust-product" label={t('Product')} error={fieldError('product_id')}>
        <ProductPicker
          id="adjust-product"
          control={control}
          name="product_id"
          withStock
          onPick={setProduct}
          {...invalidProps('adjust-product', fieldError('product_id'))}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="adjust-quantity" label={t('Quantity change')} error={fieldError('quantity')}>
          <Input
            id="adjust-quantity"
            type="text"
            inputMode="text"
            autoComplete="off"
            placeholder={t('e.g. -2 or +3')}
            {...invalidProps('adjust-quantity', fieldError('quantity'))}
            aria-describedby={[fieldError('quantity') ? fieldErrorId('adjust-quantity') : null, 'adjust-quantity-hint'].filter(Boolean).join(' ')}
            {...register('quantity', { setValueAs: signedNumber })}
          />
          <p id="adjust-quantity-hint" className="text-xs text-slate-500 dark:text-slate-400">
            {after === null ? (
              t('Minus takes stock out, plus adds stock found.')
            ) : (
              <span className={after < 0 ? 'font-medium text-[#b91c1c] dark:text-red-300' : undefined}>
                {t('On hand after: {{onHand}}', { onHand: after })}
              </span>
            )}
          </p>
        </FormField>
        <SelectField label={t('Reason')} field={field('reason', 'adjust-reason')}>
          <option value="">{t('Choose a reason…')}</option>
          {STOCK_ADJUSTMENT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {enumLabel('adjustmentReason', reason, t)}
            </option>
          ))}
        </SelectField>
      </div>
      <TextareaField label={t('Notes')} field={field('notes', 'adjust-notes')} rows={2} />
    </ModalForm>
  );
}
