import { useTranslation } from 'react-i18next';
import { discountSettingsSchema } from '@shop/contracts/settings';
import { TextField } from '@/components/ui/form-field';
import { SectionForm, useSectionForm } from './section-form';

/**
 * Settings → Service Charges → Discounts: how much a cashier may take off by hand without a
 * Manager (docs/decisions/0013-modifiers-and-discounts.md). Shown under the service charge.
 */
export function DiscountSettings({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite } = useSectionForm('discounts', discountSettingsSchema);

  return (
    <div className={className}>
      <SectionForm
        title={t('Discounts')}
        description={t('Discounts a cashier gives by hand at the till, on one item or the whole order.')}
        onSubmit={onSubmit}
        saving={saving}
        canWrite={canWrite}
        dirty={form.formState.isDirty}
        saveLabel={t('Save discounts')}
      >
        <div className="max-w-xs">
          <TextField
            label={t('Largest discount without a Manager’s approval (%)')}
            field={form.field('maxPercent', 'settings-discounts-max-percent', { valueAsNumber: true })}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            max="100"
            aria-describedby="settings-discounts-max-percent-hint"
          />
          <p id="settings-discounts-max-percent-hint" className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            {t('Of the item or order before that discount. Beyond it a Manager approves with their PIN.')}
          </p>
        </div>
      </SectionForm>
    </div>
  );
}
