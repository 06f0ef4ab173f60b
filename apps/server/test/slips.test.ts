import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '@shop/print/decode';
import { encodeEscPos } from '@shop/print/escpos';
import { barcodeBars } from '@shop/print/label';
import { drawSlip, wrapText, type Slip } from '@shop/print/slip';
import { testPageSlip } from '@shop/print/test-page';
import { KHMER_SAMPLE, SLIP_KHMER_KEYS } from '@shop/print/texts';
import { serverCanvas as loadServerCanvas } from '../src/services/printing/canvas';

/*
 * The slip code on its own (docs/decisions/0015-printing.md): what is drawn is what the bytes
 * carry, Khmer wraps between words, every word a slip prints has its Khmer, barcodes are right.
 */
const serverCanvas = await loadServerCanvas();
const settings = { general: { name: 'Mekong Corner Cafe' }, localization: { currency: 'USD', locale: 'en-US', timezone: 'Asia/Phnom_Penh' } } as const;

describe('slips', () => {
  it('sends exactly the drawn picture: the bytes read back dot for dot as the canvas thresholded, at 384 and 576 dots', () => {
    for (const paper of ['58', '80'] as const) {
      const canvas = drawSlip(testPageSlip({ name: 'Bar' }, settings as never, { paper, language: 'kh', now: '2026-11-26T02:00:00Z' }), serverCanvas);
      const job = decodeEscPos(encodeEscPos({ slips: [canvas] }));
      expect(job.pages).toHaveLength(1);
      const page = job.pages[0]!;
      expect([page.width, page.height]).toEqual([paper === '58' ? 384 : 576, canvas.height]);
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let differing = 0;
      for (let dot = 0; dot < page.dots.length; dot++) {
        const luminance = pixels[dot * 4]! * 0.299 + pixels[dot * 4 + 1]! * 0.587 + pixels[dot * 4 + 2]! * 0.114;
        if ((luminance < 128 ? 1 : 0) !== page.dots[dot]) differing += 1;
      }
      expect(differing / page.dots.length).toBeLessThan(0.001);
    }
  });

  it('wraps Khmer between words, never inside a letter cluster, within the line', () => {
    const context = serverCanvas(384, 8).getContext('2d')!;
    context.font = '24px "Shop Slip Sans"';
    const lines = wrapText(context, KHMER_SAMPLE, 200);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(context.measureText(line).width).toBeLessThanOrEqual(200);
    expect(lines.join('').replace(/\s/g, '')).toBe(KHMER_SAMPLE.replace(/\s/g, ''));
    // A subscript (coeng U+17D2) never starts a line: it belongs to the consonant before it.
    for (const line of lines) expect(line.startsWith('\u17D2')).toBe(false);
  });

  it('has the Khmer of every word a slip prints', () => {
    const folder = path.resolve(import.meta.dirname, '../../../packages/print/src');
    const used = new Set<string>();
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
      for (const match of fs.readFileSync(path.join(folder, file), 'utf8').matchAll(/\bt\('([^']+)'/g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((key) => !SLIP_KHMER_KEYS.includes(key))).toEqual([]);
  });

  it('draws EAN-13 for a 12- or 13-digit code with its check digit, Code 128 for anything else', () => {
    expect(barcodeBars('885012345678')).toMatchObject({ format: 'EAN13', text: '8850123456787' });
    expect(barcodeBars('8850123456787').format).toBe('EAN13');
    expect(barcodeBars('8850123456780').format).toBe('CODE128');
    const ean = barcodeBars('885012345678');
    expect(ean.bars).toHaveLength(95); // guards and twelve digits of seven modules
    expect(barcodeBars('COF-005')).toMatchObject({ format: 'CODE128', text: 'COF-005' });
  });

  it('reads nothing it does not know: plain text (which would print "?" for Khmer) is refused', () => {
    expect(() => decodeEscPos(new TextEncoder().encode('Total $2.50\n'))).toThrow(/sent as pictures/);
    const blank: Slip = { paper: '58', blocks: [] };
    expect(decodeEscPos(encodeEscPos({ slips: [drawSlip(blank, serverCanvas)], openDrawer: true })).pulses).toEqual([0]);
  });
});
