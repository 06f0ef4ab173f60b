import { createRequire } from 'node:module';
import type * as NapiCanvas from '@napi-rs/canvas';
import { SLIP_FONT_FAMILY, type CanvasFactory, type SlipCanvas } from '@shop/print/slip';

/*
 * Slips drawn on the server: Skia through @napi-rs/canvas, which shapes Khmer with HarfBuzz once
 * a Khmer font is registered (it sees no system fonts here). The bundled Noto Sans Khmer's Khmer
 * and Latin files are registered under one family, the one the slip drawing asks for, so the
 * server and the browser draw with the same letters. See docs/decisions/0015-printing.md.
 */

/** In the order the browser's unicode ranges pick them (lib/printing/slip-canvas.ts): a letter comes from the first file that has it. */
const FONT_FILES = ['noto-sans-khmer-latin-wght-normal.woff2', 'noto-sans-khmer-latin-ext-wght-normal.woff2', 'noto-sans-khmer-khmer-wght-normal.woff2'];

type CanvasModule = typeof NapiCanvas;
let loading: Promise<CanvasModule> | null = null;

/**
 * The canvas library with the slip font registered, loaded on the first slip: Skia is tens of
 * megabytes, which a server that never prints (or prints only on its worker thread) does not carry.
 */
export function canvasModule(): Promise<CanvasModule> {
  loading ??= import('@napi-rs/canvas').then((canvas) => {
    const require = createRequire(import.meta.url);
    for (const file of FONT_FILES) {
      const path = require.resolve(`@fontsource-variable/noto-sans-khmer/files/${file}`);
      if (!canvas.GlobalFonts.registerFromPath(path, SLIP_FONT_FAMILY)) throw new Error(`Could not load the slip font ${file}`);
    }
    return canvas;
  });
  return loading;
}

/** A canvas factory for drawing slips, once the library and font are loaded. */
export async function serverCanvas(): Promise<CanvasFactory> {
  const { createCanvas } = await canvasModule();
  return (width, height) => createCanvas(width, height) as unknown as SlipCanvas;
}
