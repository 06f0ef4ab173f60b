import { ImageIcon, QrCode } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { receiptSettingsSchema, type Settings } from '@shop/contracts/settings';
import { TextareaField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { LANGUAGES } from '@/lib/i18n';
import { useShopSettings } from '@/lib/shop-settings';
import { CheckField, SectionForm, useSectionForm } from './section-form';

const PAPER_WIDTHS = ['58', '80'] as const;

export function ReceiptSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite } = useSectionForm('receipts', receiptSettingsSchema);
  const { register, control } = form;
  const receipt = useWatch({ control }) as Settings['receipts'];

  return (
    <SectionForm
      title={t('Receipts')}
      description={t('What a printed receipt shows above and below the items.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
      aside={<ReceiptPreview receipt={receipt} />}
    >
      <div className="flex flex-wrap gap-x-8 gap-y-3">
        <CheckField id="settings-receipt-logo" label={t('Show logo')} {...register('showLogo')} />
        <CheckField id="settings-receipt-qr" label={t('Show QR code')} {...register('showQR')} />
      </div>
      <TextareaField
        label={t('Header')}
        field={form.field('header', 'settings-receipt-header')}
        rows={2}
        placeholder={t('e.g. Wi-Fi password or opening hours')}
        maxLength={500}
      />
      <TextareaField label={t('Footer')} field={form.field('footer', 'settings-receipt-footer')} rows={2} maxLength={500} />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('Paper width')}</legend>
        <div className="flex gap-6">
          {PAPER_WIDTHS.map((width) => (
            <label key={width} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input type="radio" value={width} className="size-4 accent-indigo-600" {...register('paperWidth')} />
              {t('{{width}} mm', { width })}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2" aria-describedby="settings-receipt-language-hint">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('Printed in')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          {LANGUAGES.map((language) => (
            <label key={language.code} className="flex min-h-8 items-center gap-2 text-sm text-slate-700 pointer-coarse:min-h-11 dark:text-slate-300">
              <input type="radio" value={language.code} className="size-4 accent-indigo-600" {...register('language')} />
              <span>
                <span lang={language.htmlLang}>{language.nativeName}</span>
                {t(language.name) !== language.nativeName ? ` (${t(language.name)})` : null}
              </span>
            </label>
          ))}
        </div>
        <p id="settings-receipt-language-hint" className="text-sm text-slate-500 dark:text-slate-400">
          {t('Thermal printers print receipts and kitchen tickets in this language.')}
        </p>
      </fieldset>
    </SectionForm>
  );
}

/** The top and bottom of a receipt as it will print, at the chosen paper width. */
function ReceiptPreview({ receipt }: { receipt: Settings['receipts'] }) {
  const { t } = useTranslation();
  const { general } = useShopSettings().settings;
  const narrow = receipt.paperWidth === '58';
  return (
    <figure className="space-y-2 lg:w-72">
      <figcaption className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{t('Preview')}</figcaption>
      <div className="flex justify-center rounded-lg bg-slate-100 p-4 dark:bg-slate-800/60">
        <div
          data-testid="receipt-preview"
          className={cn(
            'space-y-2 bg-white px-3 py-4 font-mono text-[11px] leading-snug text-slate-800 shadow-md transition-[width]',
            narrow ? 'w-44' : 'w-60',
          )}
        >
          <div className="space-y-1 text-center">
            {receipt.showLogo ? (
              general.logo ? (
                <img src={general.logo} alt="" className="mx-auto max-h-10 max-w-24 object-contain" />
              ) : (
                <ImageIcon aria-hidden className="mx-auto size-7 text-slate-300" />
              )
            ) : null}
            <p className="font-bold">{general.name}</p>
            {general.address ? <p className="whitespace-pre-line">{general.address}</p> : null}
            {general.phone ? <p>{general.phone}</p> : null}
            {receipt.header ? <p className="whitespace-pre-line">{receipt.header}</p> : null}
          </div>
          <div aria-hidden className="space-y-1.5 border-y border-dashed border-slate-300 py-2">
            <div className="h-1.5 w-3/4 rounded-full bg-slate-200" />
            <div className="h-1.5 w-1/2 rounded-full bg-slate-200" />
            <div className="ml-auto h-1.5 w-1/3 rounded-full bg-slate-300" />
          </div>
          <div className="space-y-1 text-center">
            {receipt.footer ? <p className="whitespace-pre-line">{receipt.footer}</p> : null}
            {receipt.showQR ? <QrCode aria-hidden className="mx-auto size-10 text-slate-700" /> : null}
          </div>
        </div>
      </div>
    </figure>
  );
}
