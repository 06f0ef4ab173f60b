import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromCents, toBasisPoints } from '@shop/contracts/money';
import { priceSale } from '@shop/contracts/pricing';
import { taxSettingsSchema } from '@shop/contracts/settings';
import { TextField } from '@/components/ui/form-field';
import { formatMoney } from '@/lib/format';
import { CheckField, SectionForm, useSectionForm } from './section-form';

/** $100.00, the example sale the tax preview prices. */
const EXAMPLE_SUBTOTAL_CENTS = 10_000;

export function TaxSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite } = useSectionForm('taxes', taxSettingsSchema);
  const { register, control } = form;
  const [enabled, inclusive, rate] = useWatch({ control, name: ['enabled', 'inclusive', 'rate'] });

  return (
    <SectionForm
      title={t('Taxes')}
      description={t('How tax is charged on every sale.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
    >
      <CheckField id="settings-tax-enabled" label={t('Charge tax')} {...register('enabled')} />
      <CheckField
        id="settings-tax-inclusive"
        label={t('Prices include tax')}
        hint={t('The tax is taken out of the price instead of added on top.')}
        {...register('inclusive')}
      />
      <div className="max-w-xs">
        <TextField
          label={t('Tax rate (%)')}
          field={form.field('rate', 'settings-tax-rate', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max="100"
        />
      </div>
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600 tabular-nums dark:bg-slate-800/60 dark:text-slate-300">
        {taxExample(enabled, inclusive, rate, t)}
      </p>
    </SectionForm>
  );
}

function taxExample(enabled: boolean, inclusive: boolean, rate: number, t: (key: string, options?: Record<string, string>) => string): string {
  if (!enabled) return t('No tax is charged.');
  const taxRateBp = toBasisPoints(Number.isFinite(rate) ? rate : 0);
  const { subtotalCents, taxCents, totalCents } = priceSale([{ quantity: 1, unitPriceCents: EXAMPLE_SUBTOTAL_CENTS, discountBp: 0 }], {
    taxEnabled: true,
    taxInclusive: inclusive,
    taxRateBp,
    serviceBp: 0,
  });
  return t('Example: a sale of {{subtotal}} has {{tax}} tax, total {{total}}.', {
    subtotal: formatMoney(fromCents(subtotalCents)),
    tax: formatMoney(fromCents(taxCents)),
    total: formatMoney(fromCents(totalCents)),
  });
}
