import { useTranslation } from 'react-i18next';
import { serviceSettingsSchema } from '@shop/contracts/settings';
import { TextField } from '@/components/ui/form-field';
import { CheckField, SectionForm, useSectionForm } from './section-form';

export function ServiceSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite } = useSectionForm('service', serviceSettingsSchema);
  const { register } = form;

  return (
    <SectionForm
      title={t('Service Charges')}
      description={t('An optional charge on top of each sale, e.g. for table service.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
    >
      <CheckField id="settings-service-enabled" label={t('Charge a service charge')} {...register('enabled')} />
      <div className="max-w-xs">
        <TextField
          label={t('Service charge (%)')}
          field={form.field('percent', 'settings-service-percent', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max="100"
        />
      </div>
      <CheckField
        id="settings-service-auto-apply"
        label={t('Apply automatically')}
        hint={t('The till starts each sale with this percent filled in.')}
        {...register('autoApply')}
      />
      <div className="max-w-xs">
        <TextField
          label={t('Largest service charge (%)')}
          field={form.field('maxPercent', 'settings-service-max-percent', { valueAsNumber: true })}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          max="100"
          aria-describedby="settings-service-max-percent-hint"
        />
        <p id="settings-service-max-percent-hint" className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          {t('The most a till may charge, even with a Manager’s approval. A cashier needs a Manager to switch tax off or change the service charge.')}
        </p>
      </div>
    </SectionForm>
  );
}
