import { Readable } from 'node:stream';
import type { StockReportQuery } from '@shop/contracts/report';
import type { SaleListQuery } from '@shop/contracts/sale';
import { sql } from 'kysely';
import type { ShiftReport } from '@shop/contracts/shift';
import type { SupplyListQuery } from '@shop/contracts/supply';
import type { Actor, ServiceContext } from './context';
import { centsToInput, fromCents } from '@shop/contracts/money';
import { refundCode, saleCode } from '../lib/document-codes';
import { refundMethodKey } from './payment-totals';
import { filteredSales, refundsInPeriod, salesExportText } from './sales';
import { dollars, exportLines, riel } from '../lib/export-text';
import { getSettingsSection } from './settings';
import { stockReportRows } from './stock-report';
import { listSupplies } from './supplies';
import { groupBy } from '../lib/group-by';
import { chunksAhead, readAhead } from '../lib/read-ahead';
import { CSV_BOM, csvLines, type CsvValue } from '../lib/csv';

/*
 * CSV of a report's whole filtered set, streamed as it is read so 100,000 rows never sit in
 * memory at once. The headers are the table's column names; a UTF-8 BOM lets spreadsheet
 * programs read Khmer names correctly.
 */

type Row = CsvValue[];

/** A CSV on its way, and how many rows it has (the client shows how far the download is). */
export type CsvExport = { rows: number; stream: Readable };

const CHUNK = 1000;

/** The file: its header, then each chunk's rows (or the text already written of them). */
function csv(header: string[], chunks: AsyncIterable<Row[] | string>): Readable {
  async function* text() {
    yield CSV_BOM + csvLines([header]);
    // A chunk of rows becomes one piece of text: the socket takes a few large writes, not one per row.
    for await (const rows of chunks) if (rows.length > 0) yield typeof rows === 'string' ? rows : exportLines(rows);
  }
  return Readable.from(text(), { objectMode: false });
}

const money = (amount: number) => amount.toFixed(2);
const cents = centsToInput;

export const SALES_CSV_HEADER = ['Date', 'SO', 'Customer', 'Channel', 'Items', 'Qty', 'Gross', 'Discount', 'Tax', 'Net', 'Refunds', 'Net after refunds', 'Payment', 'Status'];

/** How many rows the sales export has: a row per sale the filters match, and one per refund made in the period. */
async function salesExportRows(ctx: ServiceContext, query: SaleListQuery, viewer: Actor): Promise<number> {
  const [sales, refunds] = await Promise.all([
    filteredSales(ctx, query, viewer).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    refundsInPeriod(ctx, query, viewer).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return Number(sales.count) + Number(refunds.count);
}

/**
 * One row per sale, then one per refund made in the period (on its own day, as the report counts
 * it): each column adds up to the report's total of the same name.
 */
export async function exportSales(ctx: ServiceContext, query: SaleListQuery, viewer: Actor): Promise<CsvExport> {
  async function* rows(): AsyncIterable<Row[] | string> {
    for await (const [text] of salesExportText(ctx, query, viewer)) if (text) yield text;
    const { methods } = await getSettingsSection(ctx, 'payments');
    for await (const refunds of refundRows(ctx, query, viewer)) {
      yield refunds.map((refund) => {
        const method = methods.find((m) => m.key === refund.method)?.label ?? refund.method;
        const payment = refund.currency === 'KHR' ? `${method} ${riel(refund.amount_khr)}` : method;
        return [refund.business_date, saleCode(refund.sale_number), refund.customer_name ?? 'Walk-in', refund.channel, '', '', '', '', '', '', cents(refund.amount_cents), cents(-refund.amount_cents), payment, `Refund ${refundCode(refund.number)}`];
      });
    }
  }
  return { rows: await salesExportRows(ctx, query, viewer), stream: csv(SALES_CSV_HEADER, rows()) };
}

export const SALE_LINES_CSV_HEADER = ['Date', 'SO', 'Product', 'SKU', 'Options', 'Note', 'Qty', 'Unit price', 'Discount', 'Discount reason', 'Line total', 'Refunded qty'];

/**
 * The sales report's lines (sales-lines.csv): one row per line of the sales the report's filters
 * match, with the options it was sold with ("L +$1.00, 50% sugar, Extra shot +$0.50"), its note
 * and its discounts; the unit price includes the options.
 */
export async function exportSaleLines(ctx: ServiceContext, query: SaleListQuery, viewer: Actor): Promise<CsvExport> {
  const lines = readAhead(async (before: number | null, skip: number) => {
    let select = filteredSales(ctx, query, viewer).select(['sales.id', 'sales.number', 'sales.business_date', 'sales.order_discount_reason']);
    if (before !== null) select = select.where('sales.id', '<', before);
    const sales = await select.orderBy('sales.id', 'desc').limit(CHUNK).offset(skip).execute();
    const ids = sales.map((sale) => sale.id);
    const [items, options] = ids.length
      ? await Promise.all([
          ctx.db
            .selectFrom('sale_items')
            .select(['id', 'sale_id', 'product_name', 'sku', 'note', 'quantity', 'unit_price_cents', 'discount_cents', 'hand_discount_reason', 'order_discount_cents', 'line_total_cents', 'refunded_qty'])
            .where('sale_id', 'in', ids)
            .orderBy('id')
            .execute(),
          ctx.db
            .selectFrom('sale_item_modifiers')
            .innerJoin('sale_items', 'sale_items.id', 'sale_item_modifiers.sale_item_id')
            .select(['sale_item_modifiers.sale_item_id', 'sale_item_modifiers.name', 'sale_item_modifiers.price_cents'])
            .where('sale_items.sale_id', 'in', ids)
            .orderBy('sale_item_modifiers.sale_item_id')
            .orderBy('sale_item_modifiers.position')
            .execute(),
        ])
      : [[], []];
    const itemsOf = groupBy(items, (item) => item.sale_id);
    const optionsOf = groupBy(options, (option) => option.sale_item_id);
    const rows: Row[] = [];
    for (const sale of sales) {
      for (const item of itemsOf.get(sale.id) ?? []) {
        const chosen = (optionsOf.get(item.id) ?? []).map((option) => (option.price_cents === 0 ? option.name : `${option.name} +${dollars(fromCents(option.price_cents))}`)).join(', ');
        rows.push([
          sale.business_date,
          saleCode(sale.number),
          item.product_name,
          item.sku,
          chosen,
          item.note ?? '',
          item.quantity,
          cents(item.unit_price_cents),
          cents(item.discount_cents),
          // The line's own reason, and the order's when the line took a share of its discount.
          [item.hand_discount_reason, item.order_discount_cents > 0 ? sale.order_discount_reason : null].filter(Boolean).join('; '),
          cents(item.line_total_cents),
          item.refunded_qty,
        ]);
      }
    }
    return { rows, next: sales.length === CHUNK ? sales[CHUNK - 1]!.id : null };
  }, CHUNK, chunksAhead(ctx.readers));
  const count = await ctx.db
    .selectFrom('sale_items')
    .where('sale_id', 'in', filteredSales(ctx, query, viewer).select('sales.id'))
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow();
  return { rows: Number(count.count), stream: csv(SALE_LINES_CSV_HEADER, lines) };
}

/** The refunds of the export, newest first, a chunk at a time; a refund from before refunds named a method goes back as the sale's first payment. */
async function* refundRows(ctx: ServiceContext, query: SaleListQuery, viewer: Actor) {
  let before: number | null = null;
  for (;;) {
    let select = refundsInPeriod(ctx, query, viewer)
      .innerJoin('sales', 'sales.id', 'refunds.sale_id')
      .select(['refunds.id', 'refunds.number', 'refunds.business_date', 'refunds.amount_cents', 'refunds.currency', 'refunds.amount_khr', 'sales.number as sale_number', 'sales.customer_name', 'sales.channel'])
      .select(refundMethodKey.as('method'));
    if (before !== null) select = select.where('refunds.id', '<', before);
    const rows = await select.orderBy('refunds.id', 'desc').limit(CHUNK).execute();
    yield rows;
    if (rows.length < CHUNK) return;
    before = rows[rows.length - 1]!.id;
  }
}

export const PURCHASES_CSV_HEADER = ['Date', 'PO', 'Supplier', 'Ref', 'Items', 'Qty', 'Subtotal', 'Tax', 'Freight', 'Total', 'Payment', 'Status'];

export async function exportPurchases(ctx: ServiceContext, query: SupplyListQuery): Promise<CsvExport> {
  const first = await listSupplies(ctx, { ...query, page: 1, per_page: CHUNK });
  async function* rows(): AsyncIterable<Row[]> {
    for (let page = 1; ; page += 1) {
      const { data, meta } = page === 1 ? first : await listSupplies(ctx, { ...query, page, per_page: CHUNK });
      yield data.map((supply): Row => [
          supply.invoice_date,
          supply.invoice_id || `PO-${supply.id}`,
          supply.supplier_name,
          supply.reference ?? '',
          supply.items_count,
          supply.total_qty,
          money(supply.subtotal),
          money(supply.tax),
          money(supply.freight),
          money(supply.total),
          supply.payment_method ?? '',
          supply.status,
        ]);
      if (page >= meta.last_page) return;
    }
  }
  return { rows: first.meta.total, stream: csv(PURCHASES_CSV_HEADER, rows()) };
}

export const STOCK_CSV_HEADER = ['Product', 'SKU', 'Category', 'Unit', 'Unit Cost', 'Opening', 'Purchases', 'Sales', 'Adjust', 'Closing', 'Valuation', 'State'];

export async function exportStock(ctx: ServiceContext, query: StockReportQuery): Promise<CsvExport> {
  const { rows: report } = await stockReportRows(ctx, query);
  async function* rows(): AsyncIterable<Row[]> {
    for (let i = 0; i < report.length; i += CHUNK) {
      yield report
        .slice(i, i + CHUNK)
        .map((row): Row => [row.name, row.sku, row.category, row.unit, money(row.unitCost), row.openingQty, row.purchasedQty, row.soldQty, row.adjustedQty, row.closingQty, money(row.valuation), row.state]);
    }
  }
  return { rows: report.length, stream: csv(STOCK_CSV_HEADER, rows()) };
}

/**
 * A shift's X- or Z-report as rows of section, item, currency and amount: the sales totals, the
 * drawer per currency, the takings per method, each movement.
 */
export function exportShiftReport(report: ShiftReport): Readable {
  const title = report.shift.z_code ?? `X-report, shift ${report.shift.id}`;
  const s = report.sales;
  const rows: Row[] = [
    ['Report', title, '', report.shift.till.name],
    ['Report', 'Opened', '', `${report.shift.opened_at} ${report.shift.opened_by.name}`],
    ['Report', 'Closed', '', report.shift.closed_at ? `${report.shift.closed_at} ${report.shift.closed_by?.name ?? ''}` : ''],
    ...(
      [
        ['Orders', s.orders],
        ['Gross', money(s.gross)],
        ['Discount', money(s.discount)],
        ['Tax', money(s.tax)],
        ['Service', money(s.service)],
        ['Net', money(s.net)],
        ['Refunds', money(s.refunded)],
        ['Net after refunds', money(s.net_after_refunds)],
      ] as [string, string | number][]
    ).map(([item, value]): Row => ['Sales', item, item === 'Orders' ? '' : 'USD', value]),
  ];
  const amount = (currency: string, value: number | null) => (value === null ? '' : currency === 'USD' ? money(value) : value);
  for (const line of report.drawer) {
    const items: [string, number | null][] = [
      ['Float', line.float],
      ['Cash sales', line.cash_sales],
      ['Change given', line.change],
      ['Pay ins', line.pay_ins],
      ['Pay outs', line.pay_outs],
      ['Cash refunds', line.refunds],
      ['Expected', line.expected],
      ['Counted', line.counted],
      ['Difference', line.difference],
    ];
    rows.push(...items.map(([item, value]): Row => ['Drawer', item, line.currency, amount(line.currency, value)]));
  }
  rows.push(...report.methods.map((m): Row => ['Methods', m.method, m.currency, amount(m.currency, m.amount)]));
  rows.push(...report.movements.map((m): Row => ['Movements', `${m.type === 'in' ? 'Pay in' : 'Pay out'}: ${m.reason ?? ''} (${m.user.name}, ${m.created_at})`, m.currency, amount(m.currency, m.amount)]));
  rows.push(['Movements', 'No sale', '', report.no_sales]);
  return csv(['Section', 'Item', 'Currency', 'Amount'], (async function* () {
    yield rows;
  })());
}
