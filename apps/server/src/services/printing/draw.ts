import type { KitchenTicket } from '@shop/contracts/open-order';
import type { PrintJobKind } from '@shop/contracts/print-job';
import type { Sale } from '@shop/contracts/sale';
import type { Printer, Settings } from '@shop/contracts/settings';
import { encodeEscPos } from '@shop/print/escpos';
import { kitchenSlip } from '@shop/print/kitchen';
import { labelSlip, type LabelProduct } from '@shop/print/label';
import { receiptSlip } from '@shop/print/receipt';
import { drawSlip, type SlipCanvas } from '@shop/print/slip';
import { testPageSlip } from '@shop/print/test-page';
import { canvasModule, serverCanvas } from './canvas';

/*
 * A job drawn and encoded, from plain data (no database): its slips drawn at the printer's paper
 * width in the shop's receipt language, then ESC/POS raster, feed and cut, with the drawer pulse
 * when the job opens it. Runs on the printing worker thread (draw-pool.ts), so drawing and
 * encoding a receipt (tens to hundreds of milliseconds of CPU) never holds up a till's request.
 */

export type DrawInput = {
  kind: PrintJobKind;
  printer: Printer;
  settings: Settings;
  copy: boolean;
  openDrawer: boolean;
  now: string;
  sale?: Sale;
  ticket?: KitchenTicket;
  labels?: (LabelProduct & { count: number })[];
};

export async function drawJob(input: DrawInput): Promise<Uint8Array> {
  return encodeEscPos({ slips: await drawSlips(input), openDrawer: input.openDrawer });
}

async function drawSlips(input: DrawInput): Promise<SlipCanvas[]> {
  const { settings, printer } = input;
  const canvas = await serverCanvas();
  const language = settings.receipts.language;
  const paper = printer.paperWidth;
  switch (input.kind) {
    case 'receipt': {
      if (!input.sale) return [];
      const logo = settings.receipts.showLogo ? await shopLogo(settings.general.logo) : null;
      return [drawSlip(receiptSlip(input.sale, settings, { paper, language, copy: input.copy, logo }), canvas)];
    }
    case 'kitchen':
      return input.ticket ? [drawSlip(kitchenSlip(input.ticket, settings, { paper, language, copy: input.copy }), canvas)] : [];
    case 'test':
      return [drawSlip(testPageSlip(printer, settings, { paper, language, now: input.now }), canvas)];
    case 'label':
      return (input.labels ?? []).flatMap((item) => Array.from({ length: item.count }, () => drawSlip(labelSlip(item, settings, settings.printers.label), canvas)));
    case 'drawer':
      return [];
  }
}

/** The logo when it is an image the server holds (a data: URL); a logo on another site is left off rather than fetched. */
async function shopLogo(logo: string) {
  if (!logo.startsWith('data:image/')) return null;
  try {
    const image = await (await canvasModule()).loadImage(logo);
    return { image, width: image.width, height: image.height };
  } catch {
    return null;
  }
}
