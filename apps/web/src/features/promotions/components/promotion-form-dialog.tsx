import { useTranslation } from 'react-i18next';
import { DEFAULT_PROMOTION_DISCOUNT, promotionInputSchema, type Promotion, type PromotionInput } from '@shop/contracts/promotion';
import { ProductPicker } from '@/components/product-picker/product-picker';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDateField } from '@/components/ui/date-field';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps, TextField } from '@/components/ui/form-field';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreatePromotion } from '../api/create-promotion';
import { useUpdatePromotion } from '../api/update-promotion';

export function PromotionFormDialog({ open, record: promotion, onOpenChange, onSaved }: RecordDialogProps<Promotion>) {
  const { t } = useTranslation();
  const submit = recordSubmit(promotion, {
    create: useCreatePromotion(),
    update: useUpdatePromotion(),
    texts: {
      created: () => t('Promotion created successfully'),
      updated: () => t('Promotion updated'),
      failed: { created: t('Failed to create promotion'), updated: t('Failed to update promotion') },
    },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={promotion ? t('Edit Promotion') : t('Add Promotion')}>
      <PromotionForm promotion={promotion} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function PromotionForm({ promotion, submit, onCancel }: { promotion: Promotion | null; submit: RecordSubmit<PromotionInput, Promotion>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { register, control, field, fieldError, submit: onSubmit } = useSchemaForm(promotionInputSchema, {
    defaultValues: {
      title: promotion?.title ?? '',
      product_id: promotion?.product_id,
      discount: promotion?.discount ?? DEFAULT_PROMOTION_DISCOUNT,
      valid_until: promotion?.valid_until ?? '',
      active: promotion?.active ?? true,
    },
    ...submit,
  });

  return (
    <ModalForm onSubmit={onSubmit} saving={submit.saving} onCancel={onCancel}>
      <TextField label={t('Title')} field={field('title', 'promotion-title')} />
      <FormField id="promotion-product" label={t('Product')} error={fieldError('product_id')}>
        <ProductPicker
          id="promotion-product"
          control={control}
          name="product_id"
          initial={promotion?.product}
          {...invalidProps('promotion-product', fieldError('product_id'))}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('Discount (%)')}
          field={field('discount', 'promotion-discount', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          min="0"
          max="100"
          step="0.01"
        />
        <FormField id="promotion-valid-until" label={t('Valid Until')} error={fieldError('valid_until')}>
          <FormDateField
            id="promotion-valid-until"
            control={control}
            name="valid_until"
            {...invalidProps('promotion-valid-until', fieldError('valid_until'))}
          />
        </FormField>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        <Checkbox {...register('active')} />
        {t('Active')}
      </label>
    </ModalForm>
  );
}
