import type { Readable } from 'node:stream';
import type { StockReportQuery } from '@shop/contracts/report';
import { describePayments } from '@shop/contracts/tender';
import type { Sale, SaleListQuery } from '@shop/contracts/sale';
import type { ShiftReport } from '@shop/contracts/shift';
import type { SupplyListQuery } from '@shop/contracts/supply';
import { stringify } from 'csv-stringify';
import type { Actor, ServiceContext } from './context';
import { fromCents } from '@shop/contracts/money';
import { refundCode, saleCode } from './document-numbers';
import { refundMethodKey } from './payment-totals';
import { filteredSales, refundsInPeriod, salesInOrder } from './sales';
import { getSettingsSection } from './settings';
import { stockReportRows } from './stock-report';
import { listSupplies } from './supplies';

/*
 * CSV of a report's whole filtered set, streamed as it is read so 100,000 rows never sit in
 * memory at once. The headers are the table's column names; a UTF-8 BOM lets spreadsheet
 * programs read Khmer names correctly.
 */

type Row = (string | number)[];

const CHUNK = 1000;

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

function csv(header: string[], rows: AsyncIterable<Row>): Readable {
  const stream = stringify({ bom: true, header: true, columns: header, cast: { string: spreadsheetSafe } });
  void (async () => {
    try {
      for await (const row of rows) {
        if (!stream.write(row)) await new Promise((resolve) => stream.once('drain', resolve));
      }
      stream.end();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return stream;
}

const money = (amount: number) => amount.toFixed(2);

/** The payments as the Payment column reads them: "Cash $10.00 + ៛2,000 + Card $1.13", or the method alone. */
const paymentsOf = (sale: Sale) =>
  sale.payments.some((payment) => payment.kind === 'sale')
    ? describePayments(
        sale.payments.filter((payment) => payment.kind === 'sale'),
        { usd: (dollars) => `$${money(dollars)}`, khr: (riel) => `៛${riel.toLocaleString('en-US')}` },
      )
    : sale.payment_method;

export const SALES_CSV_HEADER = ['Date', 'SO', 'Customer', 'Channel', 'Items', 'Qty', 'Gross', 'Discount', 'Tax', 'Net', 'Refunds', 'Net after refunds', 'Payment', 'Status'];

/**
 * One row per sale, then one per refund made in the period (on its own day, as the report counts
 * it): each column adds up to the report's total of the same name.
 */
export function exportSales(ctx: ServiceContext, query: SaleListQuery, viewer: Actor): Readable {
  async function* rows(): AsyncIterable<Row> {
    for await (const sale of salesInOrder(ctx, query, viewer)) {
      yield [sale.business_date, sale.code, sale.customer_name ?? 'Walk-in', sale.channel, sale.items_count, sale.total_qty, money(sale.gross), money(sale.discount), money(sale.tax), money(sale.net), money(0), money(sale.net), paymentsOf(sale), sale.status];
    }
    const { methods } = await getSettingsSection(ctx, 'payments');
    for await (const refund of refundRows(ctx, query, viewer)) {
      const method = methods.find((m) => m.key === refund.method)?.label ?? refund.method;
      const amount = fromCents(refund.amount_cents);
      const payment = refund.currency === 'KHR' ? `${method} ៛${refund.amount_khr.toLocaleString('en-US')}` : method;
      yield [refund.business_date, saleCode(refund.sale_number), refund.customer_name ?? 'Walk-in', refund.channel, '', '', '', '', '', '', money(amount), money(-amount), payment, `Refund ${refundCode(refund.number)}`];
    }
  }
  return csv(SALES_CSV_HEADER, rows());
}

export const SALE_LINES_CSV_HEADER = ['Date', 'SO', 'Product', 'SKU', 'Options', 'Note', 'Qty', 'Unit price', 'Discount', 'Discount reason', 'Line total', 'Refunded qty'];

/**
 * The sales report's lines (sales-lines.csv): one row per line of the sales the report's filters
 * match, with the options it was sold with ("L +$1.00, 50% sugar, Extra shot +$0.50"), its note
 * and its discounts; the unit price includes the options.
 */
export function exportSaleLines(ctx: ServiceContext, query: SaleListQuery, viewer: Actor): Readable {
  async function* rows(): AsyncIterable<Row> {
    let before: number | null = null;
    for (;;) {
      let select = filteredSales(ctx, query, viewer).select(['sales.id', 'sales.number', 'sales.business_date', 'sales.order_discount_reason']);
      if (before !== null) select = select.where('sales.id', '<', before);
      const sales = await select.orderBy('sales.id', 'desc').limit(CHUNK).execute();
      if (sales.length === 0) return;
      const items = await ctx.db.selectFrom('sale_items').selectAll().where('sale_id', 'in', sales.map((sale) => sale.id)).orderBy('id').execute();
      const options = items.length
        ? await ctx.db.selectFrom('sale_item_modifiers').selectAll().where('sale_item_id', 'in', items.map((item) => item.id)).orderBy('position').execute()
        : [];
      for (const sale of sales) {
        for (const item of items.filter((line) => line.sale_id === sale.id)) {
          const chosen = options
            .filter((option) => option.sale_item_id === item.id)
            .map((option) => (option.price_cents === 0 ? option.name : `${option.name} +$${money(fromCents(option.price_cents))}`))
            .join(', ');
          yield [
            sale.business_date,
            saleCode(sale.number),
            item.product_name,
            item.sku,
            chosen,
            item.note ?? '',
            item.quantity,
            money(fromCents(item.unit_price_cents)),
            money(fromCents(item.discount_cents)),
            // The line's own reason, and the order's when the line took a share of its discount.
            [item.hand_discount_reason, item.order_discount_cents > 0 ? sale.order_discount_reason : null].filter(Boolean).join('; '),
            money(fromCents(item.line_total_cents)),
            item.refunded_qty,
          ];
        }
      }
      if (sales.length < CHUNK) return;
      before = sales[sales.length - 1]!.id;
    }
  }
  return csv(SALE_LINES_CSV_HEADER, rows());
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
    yield* rows;
    if (rows.length < CHUNK) return;
    before = rows[rows.length - 1]!.id;
  }
}

export const PURCHASES_CSV_HEADER = ['Date', 'PO', 'Supplier', 'Ref', 'Items', 'Qty', 'Subtotal', 'Tax', 'Freight', 'Total', 'Payment', 'Status'];

export function exportPurchases(ctx: ServiceContext, query: SupplyListQuery): Readable {
  async function* rows(): AsyncIterable<Row> {
    for (let page = 1; ; page += 1) {
      const { data, meta } = await listSupplies(ctx, { ...query, page, per_page: CHUNK });
      for (const supply of data) {
        yield [
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
        ];
      }
      if (page >= meta.last_page) return;
    }
  }
  return csv(PURCHASES_CSV_HEADER, rows());
}

export const STOCK_CSV_HEADER = ['Product', 'SKU', 'Category', 'Unit', 'Unit Cost', 'Opening', 'Purchases', 'Sales', 'Adjust', 'Closing', 'Valuation', 'State'];

export function exportStock(ctx: ServiceContext, query: StockReportQuery): Readable {
  async function* rows(): AsyncIterable<Row> {
    const { rows: report } = await stockReportRows(ctx, query);
    for (const row of report) {
      yield [row.name, row.sku, row.category, row.unit, money(row.unitCost), row.openingQty, row.purchasedQty, row.soldQty, row.adjustedQty, row.closingQty, money(row.valuation), row.state];
    }
  }
  return csv(STOCK_CSV_HEADER, rows());
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
    yield* rows;
  })());
}
