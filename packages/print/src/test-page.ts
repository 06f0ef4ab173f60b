import type { Settings } from '@shop/contracts/settings';
import { barcodeBars } from './label';
import { slipFormat } from './format';
import { qrModules } from './receipt';
import { PAPER_DOTS, type Block, type PaperWidth, type Slip } from './slip';
import { KHMER_SAMPLE, slipTranslator, type SlipLanguage } from './texts';

/** What "Print test page" prints: the printer's name and paper, English and Khmer lines, a QR and a barcode. */
export function testPageSlip(
  printer: { name: string },
  settings: Pick<Settings, 'general' | 'localization'>,
  options: { paper: PaperWidth; language: SlipLanguage; now: string },
): Slip {
  const t = slipTranslator(options.language);
  const format = slipFormat(settings.localization);
  const blocks: Block[] = [
    { kind: 'text', text: t('Test page'), align: 'center', size: 'huge', bold: true, inverse: true },
    { kind: 'gap', dots: 8 },
    { kind: 'text', text: settings.general.name, align: 'center', size: 'large', bold: true },
    { kind: 'text', text: t('This printer works.'), align: 'center' },
    { kind: 'rule' },
    { kind: 'text', text: t('Printer: {{name}}', { name: printer.name }) },
    { kind: 'text', text: t('Paper: {{width}} mm, {{dots}} dots', { width: options.paper, dots: PAPER_DOTS[options.paper] }) },
    { kind: 'text', text: t('Printed {{time}}', { time: format.dateTime(options.now) }) },
    { kind: 'rule' },
    { kind: 'text', text: 'The quick brown fox jumps over the lazy dog. 0123456789 $1,234.50' },
    { kind: 'text', text: KHMER_SAMPLE, size: 'large' },
    { kind: 'row', left: 'កាហ្វេទឹកដោះគោ Iced latte', right: format.money(2.5) },
    { kind: 'row', left: 'តែបៃតង Green tea', right: format.riel(8000) },
    { kind: 'rule' },
    { kind: 'qr', modules: qrModules(settings.general.name || 'Test page'), dots: options.paper === '58' ? 192 : 224 },
    { kind: 'gap', dots: 12 },
    { kind: 'barcode', bars: barcodeBars('123456789012').bars, height: 80, text: '1234567890128' },
  ];
  return { paper: options.paper, blocks };
}
