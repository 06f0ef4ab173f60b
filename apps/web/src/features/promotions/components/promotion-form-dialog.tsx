import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DEFAULT_PROMOTION_DISCOUNT, promotionInputSchema, type Promotion } from '@shop/contracts/promotion';
import { ProductPicker } from '@/components/product-picker/product-picker';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreatePromotion } from '../api/create-promotion';
import { useUpdatePromotion } from '../api/update-promotion';

type PromotionFormInput = z.input<typeof promotionInputSchema>;
type FormOutput = z.output<typeof promotionInputSchema>;

const FIELDS = ['title', 'product_id', 'discount', 'valid_until', 'active'] as const;

type PromotionFormDialogProps = {
  open: boolean;
  /** The promotion to edit; `null` to add one. */
  promotion: Promotion | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (promotion: Promotion, mode: 'created' | 'updated') => void;
};

export function PromotionFormDialog({ open, promotion, onOpenChange, onSaved }: PromotionFormDialogProps) {
  const { t } = useTranslation();
  const create = useCreatePromotion();
  const update = useUpdatePromotion();
  const saving = create.isPending || update.isPending;

  function save(input: FormOutput, onError: (error: unknown) => void) {
    const report = (text: string) => (error: unknown) => {
      onError(error);
      const message = failureText(error, text, t);
      if (message) toast.error(message);
    };
    if (promotion) {
      update.mutate(
        { id: promotion.id, input },
        {
          onError: report(t('Failed to update promotion')),
          onSuccess: (saved) => {
            toast.success(t('Promotion updated'));
            onSaved(saved, 'updated');
          },
        },
      );
    } else {
      create.mutate(input, {
        onError: report(t('Failed to create promotion')),
        onSuccess: (saved) => {
          toast.success(t('Promotion created successfully'));
          onSaved(saved, 'created');
        },
      });
    }
  }

  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={saving} title={promotion ? t('Edit Promotion') : t('Add Promotion')}>
      <PromotionForm promotion={promotion} saving={saving} save={save} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

function PromotionForm({
  promotion,
  saving,
  save,
  onCancel,
}: {
  promotion: Promotion | null;
  saving: boolean;
  save: (input: FormOutput, onError: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PromotionFormInput, unknown, FormOutput>({
    resolver: zodResolver(promotionInputSchema),
    defaultValues: {
      title: promotion?.title ?? '',
      product_id: promotion?.product_id,
      discount: promotion?.discount ?? DEFAULT_PROMOTION_DISCOUNT,
      valid_until: promotion?.valid_until ?? '',
      active: promotion?.active ?? true,
    },
  });

  const onSubmit = handleSubmit((input) => save(input, (error) => applyServerFieldErrors(error, setError, FIELDS)));

  const error = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody>
        <FormField id="promotion-title" label={t('Title')} error={error('title')}>
          <Input id="promotion-title" {...invalidProps('promotion-title', error('title'))} {...register('title')} />
        </FormField>
        <FormField id="promotion-product" label={t('Product')} error={error('product_id')}>
          <ProductPicker
            id="promotion-product"
            control={control}
            name="product_id"
            initial={promotion?.product}
            {...invalidProps('promotion-product', error('product_id'))}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="promotion-discount" label={t('Discount (%)')} error={error('discount')}>
            <Input
              id="promotion-discount"
              type="number"
              inputMode="decimal"
              min="0"
              max="100"
              step="0.01"
              {...invalidProps('promotion-discount', error('discount'))}
              {...register('discount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField id="promotion-valid-until" label={t('Valid Until')} error={error('valid_until')}>
            <Input id="promotion-valid-until" type="date" {...invalidProps('promotion-valid-until', error('valid_until'))} {...register('valid_until')} />
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
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
