import type { ReactNode } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import { cn } from '@/lib/cn';
import { formatDate, formatMoney, formatTimeOfDay } from '@/lib/format';
import { discountText, optionWithPrice } from '@/lib/modifier-text';
import { salePaymentRows } from './sale-payments';
import { ShopKhqr } from './shop-khqr';

export type ReceiptSettings = Pick<Settings, 'general' | 'receipts' | 'localization' | 'khqr' | 'payments'>;

type SaleReceiptProps = {
  /** A sale with its lines (GET /sales/{id}, or the answer of POST /sales). */
  sale: Sale;
  settings: ReceiptSettings;
  className?: string;
};

/** The printable width (paper less the printer's margins) and type size per paper roll. */
const PAPER = {
  '58': { width: '58mm', padding: '3mm', text: 'text-[10.5px] leading-snug', qr: '26mm' },
  '80': { width: '80mm', padding: '4mm', text: 'text-[12px] leading-snug', qr: '30mm' },
} as const;

/**
 * A till receipt for 58 or 80 mm paper, as the Receipts settings lay it out: logo, shop,
 * header text, sale number, lines, totals, payment, footer text and a QR code of the sale
 * number. Always black on white (it is printed, whatever the console's theme). Print it with
 * `printReceipt` (print-receipt.tsx), which renders this component on its own.
 */
export function SaleReceipt({ sale, settings, className }: SaleReceiptProps) {
  const { t, i18n } = useTranslation();
  const { general, receipts, localization } = settings;
  const paper = PAPER[receipts.paperWidth];
  const time = formatTimeOfDay(sale.sale_date, localization.timezone);
  const taxLabel = sale.tax_inclusive
    ? t('Tax {{rate}}% (included)', { rate: sale.tax_rate })
    : t('Tax {{rate}}%', { rate: sale.tax_rate });

  return (
    <article
      aria-label={t('Receipt {{code}}', { code: sale.code })}
      data-paper-width={receipts.paperWidth}
      style={{ width: paper.width, padding: paper.padding, colorScheme: 'light' }}
      className={cn('box-border bg-white font-sans text-black tabular-nums', paper.text, className)}
    >
      <header className="text-center">
        {receipts.showLogo && general.logo ? (
          <img src={general.logo} alt={general.name} className="mx-auto mb-1.5 max-h-[16mm] max-w-[70%] object-contain" />
        ) : null}
        <p className="text-[1.35em] leading-tight font-bold">{general.name}</p>
        {general.address ? <p className="whitespace-pre-line">{general.address}</p> : null}
        {general.phone ? <p>{t('Tel: {{phone}}', { phone: general.phone })}</p> : null}
        {receipts.header ? <p className="mt-1.5 whitespace-pre-line">{receipts.header}</p> : null}
      </header>

      <Rule />
      <dl>
        <Row label={t('Receipt No')} value={<span className="font-semibold">{sale.code}</span>} />
        <Row label={t('Date')} value={`${formatDate(sale.business_date)} ${time}`} />
        {sale.cashier ? <Row label={t('Cashier')} value={sale.cashier.name} /> : null}
        {sale.customer ? <Row label={t('Customer')} value={sale.customer.name} /> : null}
      </dl>
      <Rule />

      <ul aria-label={t('Items')} className="space-y-1">
        {(sale.items ?? []).map((item) => (
          <li key={item.id}>
            <p className="break-words">{item.product_name}</p>
            {item.modifiers.length > 0 ? <p className="pl-2 break-words">{item.modifiers.map((option) => optionWithPrice(option, i18n.language, formatMoney)).join(' · ')}</p> : null}
            {item.note ? <p className="pl-2 break-words italic">{item.note}</p> : null}
            <div className="flex justify-between gap-2 pl-2">
              <span>
                {item.quantity} × {formatMoney(item.unit_price)}
                {item.discount_percent > 0 ? ` −${item.discount_percent}%` : ''}
              </span>
              <span>{formatMoney(item.line_total)}</span>
            </div>
            {item.line_discount ? (
              <div className="flex justify-between gap-2 pl-2">
                <span className="min-w-0 break-words">{t('Discount')} {discountText(item.line_discount, t, formatMoney)}</span>
                <span>−{formatMoney(item.line_discount.amount)}</span>
              </div>
            ) : null}
            {item.refunded_qty > 0 ? <p className="pl-2 italic">{t('Refunded: {{qty}}', { qty: item.refunded_qty })}</p> : null}
          </li>
        ))}
      </ul>

      <Rule />
      <dl>
        {sale.discount > 0 ? (
          <>
            <Row label={t('Gross')} value={formatMoney(sale.gross)} />
            <Row label={t('Discount')} value={`−${formatMoney(sale.discount)}`} />
            {sale.order_discount ? (
              <Row label={`${t('Order discount')} ${discountText(sale.order_discount, t, formatMoney)}`} value={`−${formatMoney(sale.order_discount.amount)}`} />
            ) : null}
          </>
        ) : null}
        <Row label={t('Subtotal')} value={formatMoney(sale.subtotal)} />
        {sale.tax_enabled ? <Row label={taxLabel} value={formatMoney(sale.tax)} /> : null}
        {sale.service > 0 ? <Row label={t('Service {{percent}}%', { percent: sale.service_percent })} value={formatMoney(sale.service)} /> : null}
        <Row strong label={t('Total')} value={formatMoney(sale.total)} />
        {sale.refunded > 0 ? <Row label={t('Refunded')} value={`−${formatMoney(sale.refunded)}`} /> : null}
      </dl>
      <Rule />
      <dl aria-label={t('Payments')}>
        {salePaymentRows(sale, t).map((row) => (
          <Row key={row.key} label={row.label} value={row.value} />
        ))}
      </dl>

      {receipts.footer || receipts.showQR ? <Rule /> : null}
      {receipts.footer ? <p className="text-center whitespace-pre-line">{receipts.footer}</p> : null}
      {receipts.showQR ? (
        <figure className="mt-2 flex flex-col items-center gap-1">
          <QRCodeSVG
            value={sale.code}
            title={t('QR code of {{code}}', { code: sale.code })}
            size={128}
            marginSize={0}
            level="M"
            style={{ width: paper.qr, height: paper.qr }}
          />
          <figcaption className="text-[0.9em] tracking-wider">{sale.code}</figcaption>
        </figure>
      ) : null}
      {receipts.showQR ? <ShopKhqr settings={settings} size={paper.qr} /> : null}
    </article>
  );
}

function Rule() {
  return <hr className="my-2 border-0 border-t border-dashed border-black" />;
}

function Row({ label, value, strong = false }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'text-[1.2em] font-bold')}>
      <dt className="min-w-0">{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
