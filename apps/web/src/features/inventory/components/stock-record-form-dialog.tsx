import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { stockRecordInputSchema, type StockRecord } from '@shop/contracts/stock';
import { ProductPicker } from '@/components/product-picker/product-picker';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { failureText } from '@/lib/error-text';
import { shopToday } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateStockRecord } from '../api/create-stock-record';

type FormInput = z.input<typeof stockRecordInputSchema>;
type FormOutput = z.output<typeof stockRecordInputSchema>;

const FIELDS = ['product_id', 'quantity', 'price_in', 'received_date', 'expire_date', 'notes'] as const;

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
        saving={create.isPending}
        onCancel={() => onOpenChange(false)}
        save={(input, onError) =>
          create.mutate(input, {
            onError,
            onSuccess: (saved) => {
              toast.success(t('Stock added: {{quantity}} × {{name}}', { quantity: saved.quantity, name: saved.product_name }));
              onSaved(saved);
            },
          })
        }
      />
    </Modal>
  );
}

function StockRecordForm({
  saving,
  save,
  onCancel,
}: {
  saving: boolean;
  save: (input: FormOutput, onError: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { timezone } = useShopSettings().settings.localization;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(stockRecordInputSchema),
    defaultValues: {
      product_id: undefined,
      quantity: undefined,
      price_in: undefined,
      received_date: shopToday(new Date(), timezone),
      expire_date: '',
      notes: '',
    },
  });

  const onSubmit = handleSubmit((input) =>
    save(input, (error) => {
      applyServerFieldErrors(error, setError, FIELDS);
      const message = failureText(error, t('Save failed'), t);
      if (message) toast.error(message);
    }),
  );

  const error = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id="receipt-product" label={t('Product')} error={error('product_id')}>
            <ProductPicker
              id="receipt-product"
              control={control}
              name="product_id"
              withStock
              {...invalidProps('receipt-product', error('product_id'))}
            />
          </FormField>
        </div>
        <FormField id="receipt-quantity" label={t('Quantity')} error={error('quantity')}>
          <Input
            id="receipt-quantity"
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            {...invalidProps('receipt-quantity', error('quantity'))}
            {...register('quantity', { valueAsNumber: true })}
          />
        </FormField>
        <FormField id="receipt-price-in" label={t('Price In ($)')} error={error('price_in')}>
          <Input
            id="receipt-price-in"
            type="number"
            inputMode="decimal"
            min="0"
            step="0.01"
            {...invalidProps('receipt-price-in', error('price_in'))}
            {...register('price_in', { valueAsNumber: true })}
          />
        </FormField>
        <FormField id="receipt-received-date" label={t('Received Date')} error={error('received_date')}>
          <Input id="receipt-received-date" type="date" {...invalidProps('receipt-received-date', error('received_date'))} {...register('received_date')} />
        </FormField>
        <FormField id="receipt-expire-date" label={t('Expiry date (optional)')} error={error('expire_date')}>
          <Input id="receipt-expire-date" type="date" {...invalidProps('receipt-expire-date', error('expire_date'))} {...register('expire_date')} />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="receipt-notes" label={t('Notes')} error={error('notes')}>
            <Textarea id="receipt-notes" rows={2} {...invalidProps('receipt-notes', error('notes'))} {...register('notes')} />
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
