/*
 * Reads ESC/POS bytes back, as a printer would: the raster pictures (`GS v 0`) stacked into the
 * page they print, cuts, drawer pulses and feeds. The test suite's stand-in printer uses it to see
 * what a printer would have put on paper; an unknown command is an error, not something skipped.
 */

export type DecodedPage = { width: number; height: number; /** 1 = ink, row by row. */ dots: Uint8Array };
export type DecodedJob = {
  /** What came out between cuts, one picture per cut piece of paper. */
  pages: DecodedPage[];
  cuts: number;
  /** Drawer pulses: which pin (0 = pin 2, 1 = pin 5). */
  pulses: number[];
  initialised: boolean;
  /** Paper fed in lines (LF and ESC d). */
  feeds: number;
};

type Band = { width: number; height: number; dots: Uint8Array };

export function decodeEscPos(bytes: Uint8Array): DecodedJob {
  const job: DecodedJob = { pages: [], cuts: 0, pulses: [], initialised: false, feeds: 0 };
  let bands: Band[] = [];
  const closePage = () => {
    if (bands.length === 0) return;
    const width = Math.max(...bands.map((band) => band.width));
    const height = bands.reduce((sum, band) => sum + band.height, 0);
    const dots = new Uint8Array(width * height);
    let top = 0;
    for (const band of bands) {
      for (let row = 0; row < band.height; row++) dots.set(band.dots.subarray(row * band.width, (row + 1) * band.width), (top + row) * width);
      top += band.height;
    }
    job.pages.push({ width, height, dots });
    bands = [];
  };
  let i = 0;
  const need = (count: number) => {
    if (i + count > bytes.length) throw new Error(`ESC/POS command cut short at byte ${i}`);
  };
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte === 0x0a) {
      job.feeds += 1;
      i += 1;
    } else if (byte === 0x0d) {
      i += 1; // carriage return: no paper moves
    } else if (byte === 0x1c) {
      need(2);
      if (bytes[i + 1] !== 0x2e && bytes[i + 1] !== 0x26) throw new Error(`Unknown FS command 0x${bytes[i + 1]!.toString(16)} at byte ${i}`);
      i += 2; // Kanji mode off / on: no picture
    } else if (byte === 0x1b) {
      need(2);
      const command = bytes[i + 1]!;
      if (command === 0x40) {
        job.initialised = true;
        i += 2;
      } else if (command === 0x70) {
        need(5);
        job.pulses.push(bytes[i + 2]! & 1);
        i += 5;
      } else if (command === 0x64) {
        need(3);
        job.feeds += bytes[i + 2]!;
        i += 3;
      } else if (command === 0x74 || command === 0x61 || command === 0x33 || command === 0x4d || command === 0x45 || command === 0x21) {
        i += 3; // code page, alignment, line spacing, font, bold, print mode: no picture
      } else if (command === 0x32) {
        i += 2;
      } else {
        throw new Error(`Unknown ESC command 0x${command.toString(16)} at byte ${i}`);
      }
    } else if (byte === 0x1d) {
      need(2);
      const command = bytes[i + 1]!;
      if (command === 0x76 && bytes[i + 2] === 0x30) {
        need(8);
        const widthBytes = bytes[i + 4]! + bytes[i + 5]! * 256;
        const height = bytes[i + 6]! + bytes[i + 7]! * 256;
        need(8 + widthBytes * height);
        const width = widthBytes * 8;
        const dots = new Uint8Array(width * height);
        const start = i + 8;
        for (let row = 0; row < height; row++) {
          for (let column = 0; column < width; column++) {
            const value = bytes[start + row * widthBytes + (column >> 3)]!;
            dots[row * width + column] = (value >> (7 - (column & 7))) & 1;
          }
        }
        bands.push({ width, height, dots });
        i = start + widthBytes * height;
      } else if (command === 0x56) {
        need(3);
        const mode = bytes[i + 2]!;
        i += mode === 0x41 || mode === 0x42 || mode === 0x61 || mode === 0x62 || mode === 0x67 || mode === 0x68 ? 4 : 3;
        job.cuts += 1;
        closePage();
      } else if (command === 0x21 || command === 0x42 || command === 0x4c) {
        i += command === 0x4c ? 4 : 3;
      } else {
        throw new Error(`Unknown GS command 0x${command.toString(16)} at byte ${i}`);
      }
    } else {
      // Plain text would print with the printer's own font (and Khmer as "?"): slips never send it.
      throw new Error(`Text byte 0x${byte.toString(16)} at ${i}: slips are sent as pictures`);
    }
  }
  closePage();
  return job;
}

/** Share of dots that are ink, 0 to 1: a blank page is 0. */
export const inkShare = (page: DecodedPage): number => page.dots.reduce((sum, dot) => sum + dot, 0) / page.dots.length;

/** A decoded page as RGBA pixels (ink black on white), to draw onto a canvas and save or compare. */
export function pageRgba(page: DecodedPage): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(page.width * page.height * 4);
  for (let index = 0; index < page.dots.length; index++) {
    const value = page.dots[index] ? 0 : 255;
    rgba.set([value, value, value, 255], index * 4);
  }
  return rgba;
}
