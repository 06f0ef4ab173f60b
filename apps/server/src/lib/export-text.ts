import type { CompiledQuery } from 'kysely';
import { centsToInput, fromCents } from '@shop/contracts/money';
import { describePayments, type PaymentCurrency } from '@shop/contracts/tender';
import { csvCell, csvLines, type CsvValue } from './csv';
import { saleCode } from './document-codes';

/*
 * How an export's rows become CSV text, below the services so a SQLite report reader thread can
 * write a chunk's text itself (db/sqlite-reader-worker.ts): the main thread, which
 * takes the tills' sales, then only sends it (docs/decisions/0017-speed-on-the-wire-and-under-load.md,
 * "Whole-year exports"). Nothing here reads the database, the clock or the settings.
 */

/** A plain number written as text ("-2.50"): a spreadsheet reads it as the number it is. */
const NUMERIC = /^-?\d+(\.\d+)?$/;
/** What makes a spreadsheet read a cell as a formula or a command. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula (a customer named `=HYPERLINK(…)`) is written
 * with a leading apostrophe, so it shows as the text it is; numbers stay numbers.
 */
export function spreadsheetSafe(value: string): string {
  return FORMULA_START.test(value) && !NUMERIC.test(value) ? `'${value}` : value;
}

/** Rows as the lines of an export: text cells made spreadsheet-safe, then quoted where CSV needs it. */
export const exportLines = (rows: readonly (readonly CsvValue[])[]) => csvLines(rows, spreadsheetSafe);

export const dollars = (amount: number) => `$${amount.toFixed(2)}`;
export const riel = (amount: number) => `៛${amount.toLocaleString('en-US')}`;
const ZERO = centsToInput(0);

type ExportPayment = { method: string; currency: PaymentCurrency; amount_cents: number; amount_khr: number };

/** The payments as the Payment column reads them: "Cash $10.00 + ៛2,000 + Card $1.13", or the method alone. */
const paymentsText = (payments: readonly ExportPayment[], method: string) =>
  payments.length > 0
    ? describePayments(
        payments.map((payment) => ({ method: payment.method, currency: payment.currency, amount: payment.currency === 'KHR' ? payment.amount_khr : fromCents(payment.amount_cents), value: fromCents(payment.amount_cents) })),
        { usd: dollars, khr: riel },
      )
    : method;

/**
 * The columns the sales export reads, in this order: each sale's own, then one payment taken (a
 * row per payment; none when the sale has none). services/sales.ts selects them; the text is
 * written from their places.
 */
export const SALES_EXPORT_COLUMNS = [
  's.id',
  's.number',
  's.business_date',
  's.customer_name',
  's.channel',
  's.items_count',
  's.total_qty',
  's.gross_cents',
  's.discount_cents',
  's.tax_cents',
  's.total_cents',
  's.payment_method',
  's.status',
  'p.method as paid_method',
  'p.currency as paid_currency',
  'p.amount_cents as paid_cents',
  'p.amount_khr as paid_khr',
  'p.id as paid_id',
] as const;

/** A row of those columns, as a database gives it. */
export type SalesExportRow = readonly [
  id: number,
  number: number,
  businessDate: string,
  customerName: string | null,
  channel: string,
  itemsCount: number,
  totalQty: number,
  grossCents: number,
  discountCents: number,
  taxCents: number,
  totalCents: number,
  paymentMethod: string,
  status: string,
  paidMethod: string | null,
  paidCurrency: PaymentCurrency | null,
  paidCents: number | null,
  paidKhr: number | null,
  paidId: number | null,
];

/** A chunk of an export written as text: how many records it wrote, and the id of the last. */
export type ExportText = { text: string; records: number; last: number | null };

/** A text cell of an export: spreadsheet-safe, then quoted where CSV needs it. */
const textCell = (value: string) => csvCell(spreadsheetSafe(value));

/** Writes a chunk's text from its rows one at a time (PostgreSQL's as they arrive, keeping none). */
export type ExportTextWriter<Row> = { add: (row: Row) => void; end: () => ExportText };

/**
 * The sales report's rows (sales-report.csv) for a chunk of sales: each sale's rows come together,
 * one per payment, in any order. Written line by line: the date, the SO code, the counts and the
 * amounts need neither quotes nor a guard, so only the text cells go through one.
 */
export function salesExportWriter(): ExportTextWriter<SalesExportRow> {
  // Each line is joined from its cells, and the chunk from its lines, at once: flat strings, not a
  // string added to for every cell.
  const lines: string[] = [];
  let sale: SalesExportRow | null = null;
  let payments: (ExportPayment & { id: number })[] = [];
  const write = (sale: SalesExportRow) => {
    // Payments in the order they were taken ("Cash $10.00 + ៛2,000").
    if (payments.length > 1) payments.sort((a, b) => a.id - b.id);
    const net = centsToInput(sale[10]);
    lines.push(
      [sale[2], saleCode(sale[1]), textCell(sale[3] ?? 'Walk-in'), textCell(sale[4]), sale[5], sale[6], centsToInput(sale[7]), centsToInput(sale[8]), centsToInput(sale[9]), net, ZERO, net, textCell(paymentsText(payments, sale[11])), textCell(sale[12])].join(','),
    );
    payments = [];
  };
  return {
    add(row) {
      if (sale && row[0] !== sale[0]) write(sale);
      sale = row;
      const [, , , , , , , , , , , , , method, currency, amountCents, amountKhr, paidId] = row;
      if (method !== null && currency !== null) payments.push({ method, currency, amount_cents: amountCents ?? 0, amount_khr: amountKhr ?? 0, id: paidId ?? 0 });
    },
    end() {
      if (sale) write(sale);
      return { text: lines.length > 0 ? `${lines.join('\n')}\n` : '', records: lines.length, last: sale ? sale[0] : null };
    },
  };
}

/** The texts a report reader can write, by name (what a caller asks a reader thread for). */
const EXPORT_WRITERS = { sales: salesExportWriter } as const;
export type ExportTextName = keyof typeof EXPORT_WRITERS;

/** The writer of a named text, taking rows as arrays in the order the export's statement selects them. */
export const exportTextWriter = (name: ExportTextName) => EXPORT_WRITERS[name]() as ExportTextWriter<readonly unknown[]>;

/** A chunk's text from all its rows. */
export function writeExportText(name: ExportTextName, rows: Iterable<readonly unknown[]>): ExportText {
  const writer = exportTextWriter(name);
  for (const row of rows) writer.add(row);
  return writer.end();
}

/** Reads an export's chunk by its statement and writes the chunk's text where the rows are read. */
export type ExportTextReader = (compiled: CompiledQuery, text: ExportTextName) => Promise<ExportText>;
