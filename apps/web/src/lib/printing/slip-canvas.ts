import latinExtUrl from '@fontsource-variable/noto-sans-khmer/files/noto-sans-khmer-latin-ext-wght-normal.woff2?url';
import latinUrl from '@fontsource-variable/noto-sans-khmer/files/noto-sans-khmer-latin-wght-normal.woff2?url';
import khmerUrl from '@fontsource-variable/noto-sans-khmer/files/noto-sans-khmer-khmer-wght-normal.woff2?url';
import { drawSlip, SLIP_FONT_FAMILY, type CanvasFactory, type Slip, type SlipCanvas } from '@shop/print/slip';

/*
 * Slips drawn in the browser: the same layout code and the same font files as the server
 * (apps/server/src/services/printing/canvas.ts), on the browser's canvas, which shapes Khmer.
 * Used for a till's own USB or serial printer and for the preview of what a printer prints.
 * See docs/decisions/0015-printing.md.
 */

/** The unicode ranges of the three files, as the font package declares them. */
const FACES = [
  { url: latinUrl, range: 'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD' },
  { url: latinExtUrl, range: 'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF' },
  { url: khmerUrl, range: 'U+1780-17FF,U+19E0-19FF,U+200C-200D,U+25CC' },
];

let fontsReady: Promise<void> | null = null;

/** Loads the slip's font once; a slip drawn before it loads would fall back to another font. */
export function loadSlipFonts(): Promise<void> {
  fontsReady ??= Promise.all(
    FACES.map(async ({ url, range }) => {
      const face = new FontFace(SLIP_FONT_FAMILY, `url(${url})`, { weight: '100 900', unicodeRange: range });
      document.fonts.add(await face.load());
    }),
  ).then(() => undefined);
  return fontsReady;
}

export const browserCanvas: CanvasFactory = (width, height) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas as unknown as SlipCanvas;
};

/** A slip drawn on a browser canvas, once its font has loaded. */
export async function drawSlipInBrowser(slip: Slip): Promise<HTMLCanvasElement> {
  await loadSlipFonts();
  return drawSlip(slip, browserCanvas) as unknown as HTMLCanvasElement;
}
