import { sql, type QueryCreator } from 'kysely';
import { compiledOnce, compiledPerKind } from '../db/compiled-once';
import type { DbKind } from '../db/dialect';
import type { Database, ProductSaleDaysTable, SaleDaysTable, SalesTable } from '../db/schema';
import type { ServiceContext } from './context';

/*
 * The sales summed by business day and seller (table sale_days), kept by the checkout in each
 * sale's own transaction, so the dashboard and the sales report's totals read a year as a few
 * hundred rows (docs/decisions/0020-report-summaries.md). A sale is never edited (decision 0007),
 * so what is added here stays true; refunds are read from their own table.
 */

/** What one sale adds to its day: its own row's figures. */
export type SaleDayEntry = Pick<SalesTable, 'business_date' | 'items_count' | 'total_qty' | 'gross_cents' | 'discount_cents' | 'tax_cents' | 'service_cents' | 'total_cents'> & { user_id: number };

/** What one sale adds to its day's row: the row it starts when it is the day's first. */
export function saleDayRow(sale: SaleDayEntry): SaleDaysTable {
  return {
    business_date: sale.business_date,
    user_id: sale.user_id,
    orders: 1,
    items: sale.items_count,
    qty: sale.total_qty,
    gross_cents: sale.gross_cents,
    discount_cents: sale.discount_cents,
    tax_cents: sale.tax_cents,
    service_cents: sale.service_cents,
    total_cents: sale.total_cents,
  };
}

/**
 * Adds a sale to its day's row and its lines to their products' rows, in the sale's transaction.
 * On PostgreSQL the rows stay locked until commit, so the checkout does this among its last steps
 * (there in the statement that takes the number: `saleDayUpsert`, `productDaysUpsert`).
 */
export async function addToSaleDays(tx: ServiceContext, sale: SaleDayEntry, lines: readonly ProductDayLine[]): Promise<void> {
  await upsertSaleDay(tx, saleDayRow(sale));
  await upsertProductDays(tx, productDayRows(sale.business_date, lines));
}

/** The statement that adds a sale to its day's row. */
export function saleDayUpsert(db: QueryCreator<Database>, row: SaleDaysTable) {
  return db
    .insertInto('sale_days')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['business_date', 'user_id']).doUpdateSet((eb) => ({
        orders: eb('sale_days.orders', '+', 1),
        items: eb('sale_days.items', '+', row.items),
        qty: eb('sale_days.qty', '+', row.qty),
        gross_cents: eb('sale_days.gross_cents', '+', row.gross_cents),
        discount_cents: eb('sale_days.discount_cents', '+', row.discount_cents),
        tax_cents: eb('sale_days.tax_cents', '+', row.tax_cents),
        service_cents: eb('sale_days.service_cents', '+', row.service_cents),
        total_cents: eb('sale_days.total_cents', '+', row.total_cents),
      })),
    );
}

/** What one sale line adds to its product's day (table product_sale_days). */
export type ProductDayLine = { product_id: number; product_name: string; sku: string; quantity: number; line_total_cents: number };

/** A sale's lines summed by product, one row each, in the order the products first appear. */
export function productDayRows(businessDate: string, lines: readonly ProductDayLine[]): ProductSaleDaysTable[] {
  const byProduct = new Map<number, ProductSaleDaysTable>();
  for (const line of lines) {
    const row = byProduct.get(line.product_id);
    if (!row) {
      byProduct.set(line.product_id, { business_date: businessDate, product_id: line.product_id, product_name: line.product_name, sku: line.sku, qty: line.quantity, income_cents: line.line_total_cents });
      continue;
    }
    // One sale's lines of a product carry the same name and SKU: the product as it was read once.
    row.qty += line.quantity;
    row.income_cents += line.line_total_cents;
  }
  return [...byProduct.values()];
}

/**
 * Adds a sale's lines to their products' rows for its day, in the sale's transaction: one
 * statement for the whole sale. On PostgreSQL the rows stay locked until commit, so the checkout
 * runs this in the statement that takes the number, whose lock already makes sales finish one at
 * a time. A sale has at least one line (its schema's rule).
 */
export function productDaysUpsert(db: QueryCreator<Database>, kind: DbKind, rows: ProductSaleDaysTable[]) {
  // The greater of two texts: PostgreSQL's greatest(), SQLite's two-argument max().
  const greater = kind === 'postgres' ? sql.raw('greatest') : sql.raw('max');
  return db
    .insertInto('product_sale_days')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['business_date', 'product_id']).doUpdateSet((eb) => ({
        qty: eb('product_sale_days.qty', '+', eb.ref('excluded.qty')),
        income_cents: eb('product_sale_days.income_cents', '+', eb.ref('excluded.income_cents')),
        product_name: sql<string>`${greater}(product_sale_days.product_name, excluded.product_name)`,
        sku: sql<string>`${greater}(product_sale_days.sku, excluded.sku)`,
      })),
    );
}

// Built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").
const upsertSaleDay = compiledOnce(saleDayUpsert);
const upsertProductDays = compiledPerKind((kind) => (db, rows: ProductSaleDaysTable[]) => productDaysUpsert(db, kind, rows));

/** The days of [from, to] (either end open), everyone's or one seller's. */
export function saleDaysIn(ctx: ServiceContext, range: { from?: string | undefined; to?: string | undefined; userId?: number | undefined }) {
  let select = ctx.db.selectFrom('sale_days');
  if (range.from) select = select.where('business_date', '>=', range.from);
  if (range.to) select = select.where('business_date', '<=', range.to);
  if (range.userId !== undefined) select = select.where('user_id', '=', range.userId);
  return select;
}

/** What a set of sales adds up to, in cents. */
export interface SaleFigures {
  orders: number;
  items: number;
  qty: number;
  gross: number;
  discount: number;
  tax: number;
  service: number;
  net: number;
}

/** The figures as numbers, however the database returned its sums. */
export function saleFigures(row: Record<keyof SaleFigures, number | string>): SaleFigures {
  const figures = {} as SaleFigures;
  for (const key of ['orders', 'items', 'qty', 'gross', 'discount', 'tax', 'service', 'net'] as const) figures[key] = Number(row[key]);
  return figures;
}

/** What the sales of [from, to] add up to, from the days' rows. */
export async function saleDayTotals(ctx: ServiceContext, range: Parameters<typeof saleDaysIn>[1]): Promise<SaleFigures> {
  const row = await saleDaysIn(ctx, range)
    .select([
      sql<number>`coalesce(sum(orders), 0)`.as('orders'),
      sql<number>`coalesce(sum(items), 0)`.as('items'),
      sql<number>`coalesce(sum(qty), 0)`.as('qty'),
      sql<number>`coalesce(sum(gross_cents), 0)`.as('gross'),
      sql<number>`coalesce(sum(discount_cents), 0)`.as('discount'),
      sql<number>`coalesce(sum(tax_cents), 0)`.as('tax'),
      sql<number>`coalesce(sum(service_cents), 0)`.as('service'),
      sql<number>`coalesce(sum(total_cents), 0)`.as('net'),
    ])
    .executeTakeFirstOrThrow();
  return saleFigures(row);
}
