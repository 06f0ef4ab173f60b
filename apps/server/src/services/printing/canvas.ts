import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type Canvas } from '@napi-rs/canvas';
import { SLIP_FONT_FAMILY, type CanvasFactory, type SlipCanvas } from '@shop/print/slip';

/*
 * Slips drawn on the server: Skia through @napi-rs/canvas, which shapes Khmer with HarfBuzz once
 * a Khmer font is registered (it sees no system fonts here). The bundled Noto Sans Khmer's Khmer
 * and Latin files are registered under one family, the one the slip drawing asks for, so the
 * server and the browser draw with the same letters. See docs/decisions/0015-printing.md.
 */

/** In the order the browser's unicode ranges pick them (lib/printing/slip-canvas.ts): a letter comes from the first file that has it. */
const FONT_FILES = ['noto-sans-khmer-latin-wght-normal.woff2', 'noto-sans-khmer-latin-ext-wght-normal.woff2', 'noto-sans-khmer-khmer-wght-normal.woff2'];

let registered = false;
function registerFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  for (const file of FONT_FILES) {
    const path = require.resolve(`@fontsource-variable/noto-sans-khmer/files/${file}`);
    if (!GlobalFonts.registerFromPath(path, SLIP_FONT_FAMILY)) throw new Error(`Could not load the slip font ${file}`);
  }
  registered = true;
}

export const serverCanvas: CanvasFactory = (width, height) => {
  registerFonts();
  return createCanvas(width, height) as unknown as SlipCanvas;
};

/** A drawn slip as PNG (to look at what was printed, in tests and the print job's preview). */
export const slipPng = (canvas: SlipCanvas): Buffer => (canvas as unknown as Canvas).toBuffer('image/png');
