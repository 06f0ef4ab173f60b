import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, LOCALES, localizationSettingsSchema, NUMBER_FORMATS, TIME_ZONES, type Settings } from '@shop/contracts/settings';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { formatMoneyAs } from '@/lib/format';
import { SectionForm, useSectionForm } from './section-form';

type Localization = Settings['localization'];

const CURRENCY_NAMES: Record<Localization['currency'], string> = {
  USD: 'US dollar',
  EUR: 'Euro',
  KHR: 'Cambodian riel',
  THB: 'Thai baht',
  VND: 'Vietnamese dong',
};

const LOCALE_NAMES: Record<Localization['locale'], string> = {
  'en-US': 'English (United States)',
  'km-KH': 'Khmer (Cambodia)',
  'th-TH': 'Thai (Thailand)',
  'vi-VN': 'Vietnamese (Vietnam)',
};

const EXAMPLE_AMOUNT = 1234.5;

export function LocalizationSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite, errorOf } = useSectionForm('localization', localizationSettingsSchema);
  const { register, control } = form;
  const [currency, locale] = useWatch({ control, name: ['currency', 'locale'] });

  return (
    <SectionForm
      title={t('Localization')}
      description={t('The currency, locale and time zone the whole console uses.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="settings-currency" label={t('Currency')} error={errorOf('currency')}>
          <Select id="settings-currency" aria-describedby="settings-currency-example" {...register('currency')}>
            {CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {`${code} — ${t(CURRENCY_NAMES[code])}`}
              </option>
            ))}
          </Select>
          <p id="settings-currency-example" className="text-sm text-slate-500 dark:text-slate-400">
            {t('Amounts show as {{example}}', { example: formatMoneyAs(EXAMPLE_AMOUNT, { currency, locale }) })}
          </p>
        </FormField>
        <FormField id="settings-locale" label={t('Locale')} error={errorOf('locale')}>
          <Select id="settings-locale" {...register('locale')}>
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {`${code} — ${t(LOCALE_NAMES[code])}`}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="settings-timezone" label={t('Time zone')} error={errorOf('timezone')}>
          <Select id="settings-timezone" {...register('timezone')}>
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="settings-number-format" label={t('Number format')} error={errorOf('numberFormat')}>
          <Select id="settings-number-format" {...register('numberFormat')}>
            {NUMBER_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
    </SectionForm>
  );
}
