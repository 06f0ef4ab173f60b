import { loadImage } from '@napi-rs/canvas';
import type { Printer, Settings } from '@shop/contracts/settings';
import { encodeEscPos } from '@shop/print/escpos';
import { kitchenSlip } from '@shop/print/kitchen';
import { labelSlip, type LabelProduct } from '@shop/print/label';
import { receiptSlip } from '@shop/print/receipt';
import { drawSlip, type SlipCanvas } from '@shop/print/slip';
import { testPageSlip } from '@shop/print/test-page';
import type { PrintJobsTable } from '../../db/schema';
import type { ServiceContext } from '../context';
import { getKitchenTicket } from '../kitchen';
import { getSale } from '../sales';
import { serverCanvas } from './canvas';

/*
 * A job drawn and encoded: its slips drawn on the server's canvas at the printer's paper width,
 * in the shop's receipt language, then ESC/POS raster, feed and cut, with the drawer pulse when
 * the job opens it. Drawn when it is sent, from the rows it prints (a sale never changes).
 */

/** Whoever asked, the job prints the whole sale: printing is not a way to read other people's sales (the route checked that). */
const PRINTER_VIEW = { userId: 0, role: 'Admin' } as const;

export type JobLabels = { items: (LabelProduct & { count: number })[] };

export async function renderJob(ctx: ServiceContext, job: Pick<PrintJobsTable, 'kind' | 'sale_id' | 'ticket_id' | 'copy' | 'open_drawer' | 'payload' | 'created_at'>, printer: Printer, settings: Settings): Promise<{ bytes: Uint8Array; slips: SlipCanvas[] }> {
  const slips = await drawJob(ctx, job, printer, settings);
  return { bytes: encodeEscPos({ slips, openDrawer: job.open_drawer === 1 }), slips };
}

async function drawJob(ctx: ServiceContext, job: Parameters<typeof renderJob>[1], printer: Printer, settings: Settings): Promise<SlipCanvas[]> {
  const language = settings.receipts.language;
  const paper = printer.paperWidth;
  switch (job.kind) {
    case 'receipt': {
      const sale = await getSale(ctx, job.sale_id ?? 0, PRINTER_VIEW);
      const logo = settings.receipts.showLogo ? await shopLogo(settings.general.logo) : null;
      return [drawSlip(receiptSlip(sale, settings, { paper, language, copy: job.copy === 1, logo }), serverCanvas)];
    }
    case 'kitchen': {
      const ticket = await getKitchenTicket(ctx, job.ticket_id ?? 0);
      return [drawSlip(kitchenSlip(ticket, settings, { paper, language, copy: job.copy === 1 }), serverCanvas)];
    }
    case 'test':
      return [drawSlip(testPageSlip(printer, settings, { paper, language, now: ctx.clock.now().toISOString() }), serverCanvas)];
    case 'label': {
      const { items } = JSON.parse(job.payload ?? '{"items":[]}') as JobLabels;
      const size = settings.printers.label;
      return items.flatMap((item) => Array.from({ length: item.count }, () => drawSlip(labelSlip(item, settings, size), serverCanvas)));
    }
    case 'drawer':
      return [];
  }
}

/** The logo when it is an image the server holds (a data: URL); a logo on another site is left off rather than fetched. */
async function shopLogo(logo: string) {
  if (!logo.startsWith('data:image/')) return null;
  try {
    const image = await loadImage(logo);
    return { image, width: image.width, height: image.height };
  } catch {
    return null;
  }
}
