import type { PrintJobKind } from '@shop/contracts/print-job';
import type { Printer } from '@shop/contracts/settings';
import type { Slip } from '@shop/print/slip';
import type { LocalConnection } from './local-printer';
import { reportPrintJob } from './print-api';
import { localFailure } from './print-text';

export { LOCAL_FAILURES, localFailure } from './print-text';

/*
 * Printing from this browser to the printer plugged into this till: the slip drawn here, encoded
 * to ESC/POS raster, sent over USB or serial, and recorded with POST /print-jobs (printed or
 * failed, with why), so it shows in the jobs like the server's. See docs/decisions/0015-printing.md.
 */

/** How a printer is reached from here: the server sends to network printers, this browser to local ones. */
export function printerRoute(printer: Printer | null): 'server' | LocalConnection | 'browser' | 'none' {
  if (!printer) return 'none';
  if (printer.connection === 'network') return 'server';
  return printer.connection;
}

/** The printer of this till's receipts (its own, else the shop's default) when it is a Receipt printer: the server's own rule. */
export { receiptPrinterFor as tillReceiptPrinter } from '@shop/print/printers';

export type LocalJob = { kind: PrintJobKind; printer: Printer; slips: Slip[]; openDrawer?: boolean; tillId?: number | null; saleId?: number | null; copy?: boolean };

/** Prints on this till's USB or serial printer; resolves when recorded, throws (after recording the failure) when it did not print. */
export async function printHere(job: LocalJob): Promise<void> {
  const connection = job.printer.connection;
  if (connection !== 'usb' && connection !== 'serial') throw new Error('not-local');
  let bytes: Uint8Array = new Uint8Array();
  try {
    // The drawing, the encoder and the USB and serial drivers load when this till first prints on
    // its own printer (most tills never do), not with every screen that may print.
    const [{ drawSlipInBrowser }, { encodeEscPos }, { printOnLocalPrinter }] = await Promise.all([import('./slip-canvas'), import('@shop/print/escpos'), import('./local-printer')]);
    const canvases = await Promise.all(job.slips.map((slip) => drawSlipInBrowser(slip)));
    bytes = encodeEscPos({ slips: canvases as never, openDrawer: job.openDrawer });
    await printOnLocalPrinter(connection, bytes);
  } catch (error) {
    await reportPrintJob({ ...report(job), status: 'failed', error: localFailure(error), bytes: 0 }).catch(() => undefined);
    throw error;
  }
  await reportPrintJob({ ...report(job), status: 'printed', bytes: bytes.length }).catch(() => undefined);
}

const report = (job: LocalJob) => ({ kind: job.kind, printer_id: job.printer.id, till_id: job.tillId ?? null, sale_id: job.saleId ?? null, copy: job.copy ?? false, open_drawer: job.openDrawer ?? false });
