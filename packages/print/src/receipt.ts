import QRCode from 'qrcode';
import { staticKhqr } from '@shop/contracts/khqr';
import { toCents } from '@shop/contracts/money';
import type { Sale } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import { slipFormat, type SlipFormat } from './format';
import type { Block, PaperWidth, QrModules, Slip } from './slip';
import { slipTranslator, type SlipLanguage, type SlipTranslate } from './texts';

/*
 * A sale's receipt as the slip a thermal printer prints: the layout of the console's receipt
 * (logo, shop, header, number, lines with their options and discounts, totals, payments in
 * dollars and riel, change, rate, footer, QR of the number, the shop's KHQR), from the figures the
 * sale stored, so a reprint never changes. A reprint says COPY at the top.
 */

export type ReceiptSlipSettings = Pick<Settings, 'general' | 'receipts' | 'localization' | 'khqr' | 'payments'>;

export type ReceiptSlipOptions = {
  paper: PaperWidth;
  language: SlipLanguage;
  copy?: boolean;
  /** The shop's logo, already loaded by the caller (a canvas image), with its size. */
  logo?: { image: unknown; width: number; height: number } | null;
};

/** A QR code's modules, from the same library on the server and in the browser. */
export function qrModules(text: string): QrModules {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, get: (row, column) => Boolean(modules.get(row, column)) };
}

const optionText = (option: { name: string; name_km: string | null; price: number }, language: SlipLanguage, format: SlipFormat) => {
  const name = language === 'kh' && option.name_km ? option.name_km : option.name;
  return option.price === 0 ? name : `${name} ${option.price > 0 ? '+' : '−'}${format.money(Math.abs(option.price))}`;
};

const discountText = (discount: { type: 'percent' | 'amount'; value: number; reason: string }, t: SlipTranslate, format: SlipFormat) =>
  `${discount.type === 'percent' ? `${discount.value}%` : format.money(discount.value)} · ${t(discount.reason)}`;

export function receiptSlip(sale: Sale, settings: ReceiptSlipSettings, options: ReceiptSlipOptions): Slip {
  const t = slipTranslator(options.language);
  const format = slipFormat(settings.localization);
  const { general, receipts } = settings;
  const qrDots = options.paper === '58' ? 208 : 240;
  const blocks: Block[] = [];

  if (options.copy) blocks.push({ kind: 'text', text: t('COPY'), align: 'center', size: 'large', bold: true, inverse: true }, { kind: 'gap', dots: 8 });
  if (receipts.showLogo && options.logo) blocks.push({ kind: 'image', ...options.logo, maxHeight: 128 });
  blocks.push({ kind: 'text', text: general.name, align: 'center', size: 'large', bold: true });
  if (general.address) blocks.push({ kind: 'text', text: general.address, align: 'center' });
  if (general.phone) blocks.push({ kind: 'text', text: t('Tel: {{phone}}', { phone: general.phone }), align: 'center' });
  if (receipts.header) blocks.push({ kind: 'gap', dots: 6 }, { kind: 'text', text: receipts.header, align: 'center' });

  blocks.push({ kind: 'rule' });
  blocks.push({ kind: 'row', left: t('Receipt No'), right: sale.code, bold: true });
  blocks.push({ kind: 'row', left: t('Date'), right: `${sale.business_date.slice(0, 10)} ${format.time(sale.sale_date)}` });
  if (sale.cashier) blocks.push({ kind: 'row', left: t('Cashier'), right: sale.cashier.name });
  if (sale.customer) blocks.push({ kind: 'row', left: t('Customer'), right: sale.customer.name });
  blocks.push({ kind: 'rule' });

  for (const item of sale.items ?? []) {
    blocks.push({ kind: 'text', text: item.product_name, bold: true });
    if (item.modifiers.length > 0) blocks.push({ kind: 'text', text: item.modifiers.map((option) => optionText(option, options.language, format)).join(' · '), indent: 16 });
    if (item.note) blocks.push({ kind: 'text', text: item.note, indent: 16 });
    blocks.push({
      kind: 'row',
      left: `${item.quantity} × ${format.money(item.unit_price)}${item.discount_percent > 0 ? ` −${item.discount_percent}%` : ''}`,
      right: format.money(item.line_total),
      indent: 16,
    });
    if (item.line_discount) {
      blocks.push({ kind: 'row', left: `${t('Discount')} ${discountText(item.line_discount, t, format)}`, right: `−${format.money(item.line_discount.amount)}`, indent: 16 });
    }
    if (item.refunded_qty > 0) blocks.push({ kind: 'text', text: t('Refunded: {{qty}}', { qty: item.refunded_qty }), indent: 16 });
  }

  blocks.push({ kind: 'rule' });
  if (sale.discount > 0) {
    blocks.push({ kind: 'row', left: t('Gross'), right: format.money(sale.gross) });
    blocks.push({ kind: 'row', left: t('Discount'), right: `−${format.money(sale.discount)}` });
    if (sale.order_discount) {
      blocks.push({ kind: 'row', left: `${t('Order discount')} ${discountText(sale.order_discount, t, format)}`, right: `−${format.money(sale.order_discount.amount)}` });
    }
  }
  blocks.push({ kind: 'row', left: t('Subtotal'), right: format.money(sale.subtotal) });
  if (sale.tax_enabled) {
    const label = sale.tax_inclusive ? t('Tax {{rate}}% (included)', { rate: sale.tax_rate }) : t('Tax {{rate}}%', { rate: sale.tax_rate });
    blocks.push({ kind: 'row', left: label, right: format.money(sale.tax) });
  }
  if (sale.service > 0) blocks.push({ kind: 'row', left: t('Service {{percent}}%', { percent: sale.service_percent }), right: format.money(sale.service) });
  blocks.push({ kind: 'row', left: t('Total'), right: format.money(sale.total), size: 'large', bold: true });
  if (sale.refunded > 0) blocks.push({ kind: 'row', left: t('Refunded'), right: `−${format.money(sale.refunded)}` });

  blocks.push({ kind: 'rule' });
  blocks.push(...paymentRows(sale, t, format));

  if (receipts.footer || receipts.showQR) blocks.push({ kind: 'rule' });
  if (receipts.footer) blocks.push({ kind: 'text', text: receipts.footer, align: 'center' });
  if (receipts.showQR) {
    blocks.push({ kind: 'gap', dots: 10 }, { kind: 'qr', modules: qrModules(sale.code), dots: qrDots }, { kind: 'text', text: sale.code, align: 'center', size: 'small' });
    const offered = settings.payments.methods.some((method) => method.key === 'khqr' && method.enabled);
    const khqr = offered ? staticKhqr(settings.khqr, general.name) : null;
    if (khqr) {
      blocks.push({ kind: 'gap', dots: 12 }, { kind: 'qr', modules: qrModules(khqr), dots: qrDots });
      blocks.push({ kind: 'text', text: t('Pay with KHQR'), align: 'center', bold: true }, { kind: 'text', text: settings.khqr.merchantName, align: 'center' });
    }
  }
  return { paper: options.paper, blocks };
}

type PaidSale = Pick<Sale, 'payments' | 'tendered' | 'change' | 'change_usd' | 'change_khr' | 'khr_per_usd' | 'khr_change_per_usd' | 'balance'>;

/** How the sale was paid, as the console's receipt lists it: each payment, change in dollars and riel, the rate, what is owed. */
function paymentRows(sale: PaidSale, t: SlipTranslate, format: SlipFormat): Block[] {
  const rows: Block[] = sale.payments.map((payment) => {
    const method = t(payment.method);
    const amount = payment.currency === 'KHR' ? `${format.riel(payment.amount)} (${format.money(payment.value)})` : format.money(payment.amount);
    const label = payment.kind === 'settlement' ? t('{{method}}, paid {{date}}', { method, date: payment.business_date.slice(0, 10) }) : method;
    return { kind: 'row', left: label, right: amount };
  });
  if (sale.change > 0) {
    const usd = toCents(sale.change_usd);
    const given = [...(usd > 0 ? [format.money(usd / 100)] : []), ...(sale.change_khr > 0 || usd === 0 ? [format.riel(sale.change_khr)] : [])].join(' + ');
    rows.push({ kind: 'row', left: t('Tendered'), right: format.money(sale.tendered) });
    rows.push({ kind: 'row', left: t('Change'), right: format.money(sale.change), bold: true });
    rows.push({ kind: 'row', left: t('Change given'), right: given });
  }
  if (sale.payments.some((payment) => payment.currency === 'KHR') || sale.change_khr > 0) {
    rows.push({ kind: 'row', left: t('Rate'), right: `${format.riel(sale.khr_per_usd)} = ${format.money(1)}` });
    if (sale.change_khr > 0 && sale.khr_change_per_usd !== sale.khr_per_usd) {
      rows.push({ kind: 'row', left: t('Rate for change'), right: `${format.riel(sale.khr_change_per_usd)} = ${format.money(1)}` });
    }
  }
  if (sale.balance > 0) rows.push({ kind: 'row', left: t('Balance due'), right: format.money(sale.balance), bold: true });
  return rows;
}
