import { useTranslation } from 'react-i18next';
import { generalSettingsSchema, SESSION_IDLE_MINUTES, SESSION_LIFETIME_HOURS } from '@shop/contracts/settings';
import { TextareaField, TextField } from '@/components/ui/form-field';
import { CheckField, SectionForm, useSectionForm } from './section-form';

export function GeneralSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite } = useSectionForm('general', generalSettingsSchema);
  const { register } = form;

  return (
    <SectionForm
      title={t('General')}
      description={t('Your shop’s name and contact details, as receipts show them.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('Shop name')} field={form.field('name', 'settings-name')} autoComplete="organization" maxLength={120} />
        <TextField label={t('Email')} field={form.field('email', 'settings-email')} type="email" inputMode="email" autoComplete="email" maxLength={254} />
        <TextField label={t('Phone')} field={form.field('phone', 'settings-phone')} type="tel" autoComplete="tel" maxLength={40} />
        <TextField label={t('Logo URL')} field={form.field('logo', 'settings-logo')} type="url" inputMode="url" placeholder="https://" maxLength={2048} />
        <div className="sm:col-span-2">
          <TextareaField label={t('Address')} field={form.field('address', 'settings-address')} rows={2} maxLength={500} />
        </div>
      </div>
      <CheckField
        id="settings-allow-negative-stock"
        label={t('Sell when out of stock')}
        hint={t('The till may sell a tracked product past zero on hand; the count is corrected later.')}
        {...register('allowNegativeStock')}
      />
      <fieldset aria-describedby="settings-sessions-hint" className="min-w-0 space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <legend className="float-left mb-1 w-full text-sm font-semibold text-slate-900 dark:text-white">{t('Sign-in sessions')}</legend>
        <p id="settings-sessions-hint" className="clear-left text-sm text-slate-500 dark:text-slate-400">
          {t('A session that is not used for the inactivity limit, or is older than the longest session, must sign in again. A till in use all day stays signed in.')}
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('Sign out after inactivity (minutes)')}
            field={form.field('sessionIdleMinutes', 'settings-session-idle', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            step="1"
            min={SESSION_IDLE_MINUTES.min}
            max={SESSION_IDLE_MINUTES.max}
          />
          <TextField
            label={t('Longest session (hours)')}
            field={form.field('sessionLifetimeHours', 'settings-session-lifetime', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            step="1"
            min={SESSION_LIFETIME_HOURS.min}
            max={SESSION_LIFETIME_HOURS.max}
          />
        </div>
      </fieldset>
    </SectionForm>
  );
}
