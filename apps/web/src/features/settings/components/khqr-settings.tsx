import { CircleCheck, CircleOff } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { KHQR_LIMITS, staticKhqr } from '@shop/contracts/khqr';
import { khqrSettingsSchema, type Settings } from '@shop/contracts/settings';
import { SelectField, TextField } from '@/components/ui/form-field';
import { cn } from '@/lib/cn';
import { useShopSettings } from '@/lib/shop-settings';
import { SectionForm, useSectionForm } from './section-form';

type Khqr = Settings['khqr'];

/**
 * Settings → Payments → KHQR: the shop's Bakong account, which the till's QR codes pay into.
 * Shown under the payment methods; KHQR itself is turned on or off by its method's switch there.
 */
export function KhqrSettings({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite } = useSectionForm('khqr', khqrSettingsSchema);
  const khqr = useWatch({ control: form.control }) as Khqr;
  const merchant = khqr.accountType === 'merchant';

  return (
    <div className={className}>
      <SectionForm
        title={t('KHQR')}
        description={t("The shop's Bakong account that KHQR payments go to. Turn KHQR on or off with its Enabled switch in the payment methods above.")}
        onSubmit={onSubmit}
        saving={saving}
        canWrite={canWrite}
        dirty={form.formState.isDirty}
        aside={<KhqrPreview khqr={khqr} />}
        saveLabel={t('Save KHQR')}
      >
        <KhqrState />
        <div className="grid gap-4 lg:grid-cols-2">
          <TextField
            label={t('Bakong account id')}
            field={form.field('accountId', 'settings-khqr-account')}
            placeholder="name@bank"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={KHQR_LIMITS.accountId}
          />
          <SelectField label={t('Account type')} field={form.field('accountType', 'settings-khqr-type')}>
            <option value="individual">{t('Individual')}</option>
            <option value="merchant">{t('Merchant')}</option>
          </SelectField>
          <TextField label={t('Merchant name')} field={form.field('merchantName', 'settings-khqr-name')} maxLength={KHQR_LIMITS.merchantName} />
          <TextField label={t('City')} field={form.field('city', 'settings-khqr-city')} maxLength={KHQR_LIMITS.city} />
          {merchant ? (
            <>
              <TextField label={t('Merchant id')} field={form.field('merchantId', 'settings-khqr-merchant-id')} autoComplete="off" maxLength={KHQR_LIMITS.merchantId} />
              <TextField label={t('Acquiring bank')} field={form.field('acquiringBank', 'settings-khqr-bank')} maxLength={KHQR_LIMITS.acquiringBank} />
            </>
          ) : null}
          <SelectField label={t('Default currency')} field={form.field('currency', 'settings-khqr-currency')}>
            <option value="USD">{t('US dollar (USD)')}</option>
            <option value="KHR">{t('Riel (KHR)')}</option>
          </SelectField>
          <TextField
            label={t('QR expiry (minutes)')}
            field={form.field('expiryMinutes', 'settings-khqr-expiry', { valueAsNumber: true })}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
          />
        </div>
      </SectionForm>
    </div>
  );
}

/** Whether the till offers KHQR now, from the saved settings. */
function KhqrState() {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const enabled = settings.payments.methods.some((method) => method.key === 'khqr' && method.enabled);
  const ready = enabled && settings.khqr.accountId !== '';
  const Icon = ready ? CircleCheck : CircleOff;
  return (
    <p
      data-testid="khqr-state"
      className={cn(
        'flex items-center gap-2 rounded-lg px-3 py-2 text-sm',
        ready ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
      )}
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      {ready ? t('The till offers KHQR.') : enabled ? t('Fill in the Bakong account to offer KHQR at the till.') : t('KHQR is off: the till does not offer it.')}
    </p>
  );
}

/** The shop's static QR (no amount) from what is typed: what receipts print when they show a QR. */
function KhqrPreview({ khqr }: { khqr: Khqr }) {
  const { t } = useTranslation();
  const { general } = useShopSettings().settings;
  const payload = khqrSettingsSchema.safeParse(khqr).success ? staticKhqr(khqr, general.name) : null;
  return (
    <figure className="space-y-2 lg:w-56">
      <figcaption className="text-xs font-medium text-slate-500 uppercase dark:text-slate-400">{t('Shop QR on receipts')}</figcaption>
      <div className="flex min-h-44 flex-col items-center justify-center gap-2 rounded-lg bg-slate-100 p-4 text-center dark:bg-slate-800/60">
        {payload ? (
          <>
            <div className="rounded-md bg-white p-2">
              <QRCodeSVG role="img" value={payload} size={136} marginSize={0} level="M" title={t('KHQR of {{name}}', { name: khqr.merchantName })} />
            </div>
            <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{khqr.merchantName}</p>
          </>
        ) : (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('Fill in the account to see its QR.')}</p>
        )}
      </div>
    </figure>
  );
}
