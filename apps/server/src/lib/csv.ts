/*
 * CSV text (RFC 4180) for the report exports (docs/decisions/0017-speed-on-the-wire-and-under-load.md,
 * "Exports"). A cell is quoted only when it holds a quote, a comma or a line break, and a quote
 * inside is doubled. Written here rather than with csv-stringify: that library's general
 * machinery (options, casts, multi-character separators, per record and per cell) took four times
 * as long for the same text, on the main thread that takes the tills' sales.
 */

/** A cell as a report row holds it. */
export type CsvValue = string | number;

/** The byte-order mark: spreadsheet programs then read the file as UTF-8 (Khmer names). */
export const CSV_BOM = '\uFEFF';

const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text. */
export function csvCell(value: CsvValue): string {
  if (typeof value !== 'string') return String(value);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows as CSV lines, each ended by a line feed; `text` is applied to every text cell first. */
export function csvLines(rows: readonly (readonly CsvValue[])[], text: (value: string) => string = (value) => value): string {
  let out = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < row.length; i += 1) {
      const value = row[i]!;
      line += (i === 0 ? '' : ',') + csvCell(typeof value === 'string' ? text(value) : value);
    }
    out += `${line}\n`;
  }
  return out;
}
