import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { staticKhqr } from '@shop/contracts/khqr';
import type { Settings } from '@shop/contracts/settings';

type ShopKhqrProps = {
  settings: Pick<Settings, 'general' | 'khqr' | 'payments'>;
  /** The printed size of the code (the paper's QR size). */
  size: string;
};

/**
 * The shop's static KHQR (no amount: the payer types it), printed near a receipt's foot while
 * KHQR is set up and turned on. Made here from the settings, by the same code as the till's QR.
 */
export function ShopKhqr({ settings, size }: ShopKhqrProps) {
  const { t } = useTranslation();
  const offered = settings.payments.methods.some((method) => method.key === 'khqr' && method.enabled);
  const payload = offered ? staticKhqr(settings.khqr, settings.general.name) : null;
  if (!payload) return null;
  return (
    <figure data-testid="receipt-khqr" className="mt-2 flex flex-col items-center gap-1">
      <QRCodeSVG role="img" value={payload} title={t('KHQR of {{name}}', { name: settings.khqr.merchantName })} size={128} marginSize={0} level="M" style={{ width: size, height: size }} />
      <figcaption className="text-center">
        <span className="block font-semibold">{t('Pay with KHQR')}</span>
        <span className="block">{settings.khqr.merchantName}</span>
      </figcaption>
    </figure>
  );
}
