import { useTranslation } from 'react-i18next';
import { generalSettingsSchema } from '@shop/contracts/settings';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { CheckField, SectionForm, useSectionForm } from './section-form';

export function GeneralSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite, errorOf } = useSectionForm('general', generalSettingsSchema);
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
        <FormField id="settings-name" label={t('Shop name')} error={errorOf('name')}>
          <Input id="settings-name" autoComplete="organization" {...invalidProps('settings-name', errorOf('name'))} maxLength={120} {...register('name')} />
        </FormField>
        <FormField id="settings-email" label={t('Email')} error={errorOf('email')}>
          <Input
            id="settings-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            {...invalidProps('settings-email', errorOf('email'))}
            maxLength={254}
            {...register('email')}
          />
        </FormField>
        <FormField id="settings-phone" label={t('Phone')} error={errorOf('phone')}>
          <Input id="settings-phone" type="tel" autoComplete="tel" {...invalidProps('settings-phone', errorOf('phone'))} maxLength={40} {...register('phone')} />
        </FormField>
        <FormField id="settings-logo" label={t('Logo URL')} error={errorOf('logo')}>
          <Input
            id="settings-logo"
            type="url"
            inputMode="url"
            placeholder="https://"
            {...invalidProps('settings-logo', errorOf('logo'))}
            maxLength={2048}
            {...register('logo')}
          />
        </FormField>
        <div className="sm:col-span-2">
          <FormField id="settings-address" label={t('Address')} error={errorOf('address')}>
            <Textarea id="settings-address" rows={2} {...invalidProps('settings-address', errorOf('address'))} maxLength={500} {...register('address')} />
          </FormField>
        </div>
      </div>
      <CheckField
        id="settings-allow-negative-stock"
        label={t('Sell when out of stock')}
        hint={t('The till may sell a tracked product past zero on hand; the count is corrected later.')}
        {...register('allowNegativeStock')}
      />
    </SectionForm>
  );
}
