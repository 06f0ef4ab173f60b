import JsBarcode from 'jsbarcode';
import type { Settings } from '@shop/contracts/settings';
import { slipFormat } from './format';
import type { Block, Slip } from './slip';

/*
 * Price labels: the product's name, price and barcode, at the label size of Settings → Printers.
 * The barcode is EAN-13 when the code is 12 or 13 digits with a right check digit (what a
 * scanner at the till reads from packaged goods), else Code 128 (any letters and digits).
 */

export type BarcodeFormat = 'EAN13' | 'CODE128';

/** Dots per millimetre at 203 dpi. */
export const DOTS_PER_MM = 8;

/** The bars of a code as modules (1 = bar), with the symbology chosen for it. Throws when the code cannot be a barcode. */
export function barcodeBars(code: string): { format: BarcodeFormat; bars: string; text: string } {
  const format: BarcodeFormat = isEan13(code) ? 'EAN13' : 'CODE128';
  const target: { encodings?: { data: string; text?: string }[] } = {};
  JsBarcode(target, code, { format, flat: true });
  const bars = (target.encodings ?? []).map((part) => part.data).join('');
  const text = format === 'EAN13' ? ean13Text(code) : code;
  return { format, bars, text };
}

function isEan13(code: string): boolean {
  if (!/^\d{12,13}$/.test(code)) return false;
  if (code.length === 12) return true;
  return ean13CheckDigit(code.slice(0, 12)) === Number(code[12]);
}

function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

const ean13Text = (code: string) => (code.length === 12 ? code + ean13CheckDigit(code) : code);

export type LabelProduct = { name: string; price: number; code: string };

/** One label, exactly the label's size; the printer's gap sensor or the cut separates them. */
export function labelSlip(product: LabelProduct, settings: Pick<Settings, 'localization'>, size: { width: number; height: number }): Slip {
  const format = slipFormat(settings.localization);
  const bars = barcodeBars(product.code);
  const heightDots = size.height * DOTS_PER_MM;
  const blocks: Block[] = [
    { kind: 'text', text: product.name, align: 'center', bold: true },
    { kind: 'text', text: format.money(product.price), align: 'center', size: 'large', bold: true },
    { kind: 'barcode', bars: bars.bars, height: Math.max(32, Math.round(heightDots * 0.3)), text: bars.text },
  ];
  return { paper: '58', width: size.width * DOTS_PER_MM, height: heightDots, blocks };
}
