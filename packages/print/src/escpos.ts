import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { SlipCanvas } from './slip';

/*
 * A drawn slip as the bytes an ESC/POS printer takes: initialise, the picture as raster image
 * commands (`GS v 0`, in bands the encoder sizes), feed past the cutter, cut; and the pulse that
 * opens a cash drawer wired to the printer. The encoder library writes every command.
 */

export type EscPosJob = {
  /** Slips to print one after another, each cut. */
  slips?: SlipCanvas[];
  /** Pulse the cash drawer (pin 2) before printing, so the drawer opens while the slip prints. */
  openDrawer?: boolean;
};

/** Dark enough to be ink: anti-aliased edges of a letter print when more than half dark. */
export const THRESHOLD = 128;

export function encodeEscPos(job: EscPosJob): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', imageMode: 'raster', feedBeforeCut: 4 });
  encoder.initialize();
  if (job.openDrawer) encoder.pulse(0, 100, 500);
  for (const canvas of job.slips ?? []) {
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    encoder.image({ data: image.data, width: image.width, height: image.height } as never, canvas.width, canvas.height, 'threshold', THRESHOLD);
    encoder.cut('partial');
  }
  return encoder.encode();
}
