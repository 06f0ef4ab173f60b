/*
 * A slip (a receipt, a kitchen ticket, a test page, a label) as a list of blocks, drawn onto a
 * canvas at the paper's width in printer dots. The same drawing runs in the browser (its canvas)
 * and on the server (@napi-rs/canvas), both Skia with a real text shaper and the same bundled
 * Noto Sans Khmer, so Khmer vowels and subscripts land where they belong on paper, which no
 * printer's own fonts can do. See docs/decisions/0015-printing.md.
 */

/** Paper rolls and the printable width in dots at 203 dpi (a multiple of 8, as raster rows are bytes). */
export const PAPER_DOTS = { '58': 384, '80': 576 } as const;
export type PaperWidth = keyof typeof PAPER_DOTS;

export type TextSize = 'small' | 'normal' | 'large' | 'huge';
export type Align = 'left' | 'center' | 'right';

export type Block =
  | { kind: 'text'; text: string; align?: Align; size?: TextSize; bold?: boolean; indent?: number; inverse?: boolean }
  /** A label on the left and a value on the right; the label wraps, the value stays whole. */
  | { kind: 'row'; left: string; right: string; size?: TextSize; bold?: boolean; indent?: number }
  | { kind: 'rule'; dashed?: boolean }
  | { kind: 'gap'; dots: number }
  /** A QR code, `dots` wide, centred. */
  | { kind: 'qr'; modules: QrModules; dots: number }
  /** Bars as a string of 1 (black) and 0 (white) modules, centred, with the human-readable text below. */
  | { kind: 'barcode'; bars: string; height: number; text?: string }
  /** An image the caller loaded (the shop's logo), at most `maxHeight` dots high, centred. */
  | { kind: 'image'; image: unknown; width: number; height: number; maxHeight: number };

export type QrModules = { size: number; get: (row: number, column: number) => boolean };

/**
 * `paper` sets the type sizes and margins; `width` (dots, default the paper's) and `height` (a
 * fixed height, for labels) override the size of what is drawn.
 */
export type Slip = { paper: PaperWidth; width?: number; height?: number; blocks: Block[] };

/** The part of a 2D canvas context the drawing uses: the DOM's and @napi-rs/canvas's both have it. */
export interface SlipContext {
  font: string;
  fillStyle: unknown;
  textBaseline: string;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: never, dx: number, dy: number, dw: number, dh: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray; width: number; height: number };
}
export interface SlipCanvas {
  width: number;
  height: number;
  getContext(type: '2d'): SlipContext | null;
}
export type CanvasFactory = (width: number, height: number) => SlipCanvas;

/** Both files of Noto Sans Khmer are registered under this one family (Latin and Khmer), on the server and in the browser. */
export const SLIP_FONT_FAMILY = 'Shop Slip Sans';

const MARGIN = { '58': 8, '80': 16 } as const;
const SIZE_PX: Record<PaperWidth, Record<TextSize, number>> = {
  '58': { small: 18, normal: 21, large: 28, huge: 40 },
  '80': { small: 20, normal: 24, large: 32, huge: 48 },
};
/** Khmer stacks vowels and subscripts above and below; a line needs room for both. */
const LINE_HEIGHT = 1.55;
const ROW_GAP = 12;

const fontOf = (paper: PaperWidth, size: TextSize = 'normal', bold = false) => `${bold ? 'bold ' : ''}${SIZE_PX[paper][size]}px "${SLIP_FONT_FAMILY}"`;
const lineHeightOf = (paper: PaperWidth, size: TextSize = 'normal') => Math.ceil(SIZE_PX[paper][size] * LINE_HEIGHT);

type Segmenter = { segment: (text: string) => Iterable<{ segment: string }> };
let words: Segmenter | null = null;
let graphemes: Segmenter | null = null;
/** Khmer writes no spaces between words; the platform's word breaker knows where they are. */
function segmenters(): { words: Segmenter; graphemes: Segmenter } {
  words ??= new Intl.Segmenter('km', { granularity: 'word' });
  graphemes ??= new Intl.Segmenter('km', { granularity: 'grapheme' });
  return { words, graphemes };
}

/** Splits text into lines no wider than `width`: at word breaks, and inside a word only when the word alone is too wide. */
export function wrapText(context: SlipContext, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    const pieces = [...segmenters().words.segment(paragraph)].map((piece) => piece.segment);
    for (const piece of pieces) {
      if (context.measureText(line + piece).width <= width) {
        line += piece;
        continue;
      }
      if (line !== '') lines.push(line.trimEnd());
      line = '';
      const word = piece.trimStart();
      if (context.measureText(word).width <= width) {
        line = word;
        continue;
      }
      // A single word wider than the line: break it between letters (grapheme clusters).
      for (const { segment: letter } of segmenters().graphemes.segment(word)) {
        if (line !== '' && context.measureText(line + letter).width > width) {
          lines.push(line);
          line = '';
        }
        line += letter;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Draws a slip: first measured on a one-line canvas, then drawn on one exactly as long. Returns the canvas. */
export function drawSlip(slip: Slip, createCanvas: CanvasFactory): SlipCanvas {
  const width = slipWidth(slip);
  const measure = createCanvas(width, 8).getContext('2d');
  if (!measure) throw new Error('No 2D canvas');
  const height = slip.height ?? layout(slip, measure, null);
  // Raster rows go to the printer in bands of 8; round up so nothing is cut off.
  const canvas = createCanvas(width, Math.max(8, Math.ceil(height / 8) * 8));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  layout(slip, context, context);
  return canvas;
}

/** A whole number of bytes per raster row. */
const slipWidth = (slip: Slip) => Math.floor((slip.width ?? PAPER_DOTS[slip.paper]) / 8) * 8;

/** Walks the blocks, measuring with `measure` and drawing on `draw` when given; returns the height used. */
function layout(slip: Slip, measure: SlipContext, draw: SlipContext | null): number {
  const { paper } = slip;
  const margin = MARGIN[paper];
  const inner = slipWidth(slip) - margin * 2;
  let y = margin;
  if (draw) {
    draw.fillStyle = '#000000';
    draw.textBaseline = 'middle';
  }
  for (const block of slip.blocks) {
    switch (block.kind) {
      case 'text': {
        measure.font = fontOf(paper, block.size, block.bold);
        if (draw) draw.font = measure.font;
        const indent = block.indent ?? 0;
        const lineHeight = lineHeightOf(paper, block.size);
        const lines = wrapText(measure, block.text, inner - indent);
        if (draw && block.inverse) {
          draw.fillRect(margin, y, inner, lineHeight * lines.length);
          draw.fillStyle = '#ffffff';
        }
        for (const line of lines) {
          if (draw) {
            const lineWidth = measure.measureText(line).width;
            const x = block.align === 'center' ? margin + (inner - lineWidth) / 2 : block.align === 'right' ? margin + inner - lineWidth : margin + indent;
            draw.fillText(line, x, y + lineHeight / 2);
          }
          y += lineHeight;
        }
        if (draw && block.inverse) draw.fillStyle = '#000000';
        break;
      }
      case 'row': {
        measure.font = fontOf(paper, block.size, block.bold);
        if (draw) draw.font = measure.font;
        const indent = block.indent ?? 0;
        const lineHeight = lineHeightOf(paper, block.size);
        const rightWidth = measure.measureText(block.right).width;
        const lines = wrapText(measure, block.left, Math.max(inner / 3, inner - indent - rightWidth - ROW_GAP));
        lines.forEach((line, index) => {
          if (draw) {
            draw.fillText(line, margin + indent, y + lineHeight / 2);
            // The value sits on the label's last line, as a price under a long name would.
            if (index === lines.length - 1) draw.fillText(block.right, margin + inner - rightWidth, y + lineHeight / 2);
          }
          y += lineHeight;
        });
        break;
      }
      case 'rule': {
        y += 8;
        if (draw) {
          if (block.dashed === false) draw.fillRect(margin, y, inner, 2);
          else for (let x = margin; x < margin + inner; x += 12) draw.fillRect(x, y, Math.min(7, margin + inner - x), 2);
        }
        y += 10;
        break;
      }
      case 'gap':
        y += block.dots;
        break;
      case 'qr': {
        const cell = Math.max(1, Math.floor(block.dots / block.modules.size));
        const size = cell * block.modules.size;
        const left = Math.round(margin + (inner - size) / 2);
        if (draw) {
          for (let row = 0; row < block.modules.size; row++) {
            for (let column = 0; column < block.modules.size; column++) {
              if (block.modules.get(row, column)) draw.fillRect(left + column * cell, y + row * cell, cell, cell);
            }
          }
        }
        y += size + 6;
        break;
      }
      case 'barcode': {
        // Whole dots per module, so every bar prints the same width (a scanner reads ratios).
        const module = Math.max(1, Math.min(3, Math.floor(inner / block.bars.length)));
        const left = Math.round(margin + (inner - module * block.bars.length) / 2);
        if (draw) {
          for (let index = 0; index < block.bars.length; index++) {
            if (block.bars[index] === '1') draw.fillRect(left + index * module, y, module, block.height);
          }
        }
        y += block.height;
        if (block.text) {
          measure.font = fontOf(paper, 'small');
          const lineHeight = lineHeightOf(paper, 'small');
          if (draw) {
            draw.font = measure.font;
            draw.fillText(block.text, margin + (inner - measure.measureText(block.text).width) / 2, y + lineHeight / 2);
          }
          y += lineHeight;
        }
        break;
      }
      case 'image': {
        const scale = Math.min(1, block.maxHeight / block.height, (inner * 0.7) / block.width);
        const w = Math.round(block.width * scale);
        const h = Math.round(block.height * scale);
        if (draw) draw.drawImage(block.image as never, Math.round(margin + (inner - w) / 2), y, w, h);
        y += h + 6;
        break;
      }
    }
  }
  return y + margin;
}
