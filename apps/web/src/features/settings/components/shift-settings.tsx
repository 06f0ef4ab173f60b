import { useTranslation } from 'react-i18next';
import { shiftSettingsSchema } from '@shop/contracts/settings';
import { TextField } from '@/components/ui/form-field';
import { formatRiel } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { CheckField, SectionForm, useSectionForm } from './section-form';
import { TillsSettings } from './tills-settings';

/** Settings → Tills and shifts: the shop's tills, then how their shifts open and close. */
export function TillsAndShiftsSettings() {
  return (
    <div className="space-y-6">
      <TillsSettings />
      <ShiftSettings />
    </div>
  );
}

/** Settings → Shifts (PUT /settings/shifts): whether a till needs an open shift, the blind count, the largest difference. */
export function ShiftSettings() {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const { form, onSubmit, saving, canWrite } = useSectionForm('shifts', shiftSettingsSchema);
  const { register } = form;

  return (
    <SectionForm
      title={t('Shifts')}
      description={t('How a till’s drawer is opened, counted and closed.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
      saveLabel={t('Save shifts')}
    >
      <CheckField
        id="settings-shifts-required"
        label={t('Require an open shift to sell')}
        hint={t('The till asks for an open shift before it sells, and a sale sent from a till needs that till’s open shift.')}
        {...register('required')}
      />
      <CheckField
        id="settings-shifts-blind"
        label={t('Blind count')}
        hint={t('The cashier counts the drawer before seeing what it should hold.')}
        {...register('blindCount')}
      />
      <div className="max-w-xs">
        <TextField
          label={t('Largest difference ($)')}
          field={form.field('maxDifference', 'settings-shifts-max-difference', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          aria-describedby="settings-shifts-max-difference-hint"
        />
        <p id="settings-shifts-max-difference-hint" className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {t('A count off by more than this needs a Manager’s approval and a note. Riel counts at the shop’s rate ({{rate}} = $1).', {
            rate: formatRiel(settings.payments.khrPerUsd),
          })}
        </p>
      </div>
    </SectionForm>
  );
}
