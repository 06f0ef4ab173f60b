import type { StockReportQuery, StockReportRow } from '@shop/contracts/report';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { containsInsensitive } from '../db/dialect';
import { addDays } from '../lib/business-date';
import { fromCents } from '@shop/contracts/money';
import type { ServiceContext } from './context';
import { shopToday } from './settings';
import { expiredOnHandOfAll } from './stock-ledger';

/** Reports cover the last 30 days unless the user picks a range (dates are shop business days). */
export async function reportRange(ctx: ServiceContext, query: { from?: string | undefined; to?: string | undefined }) {
  const today = await shopToday(ctx);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  return { from, to };
}

const monthOf = (day: string) => day.slice(0, 7);
const firstOfMonth = (day: string) => `${monthOf(day)}-01`;
const lastOfMonth = (day: string) => addDays(`${monthOf(addDays(firstOfMonth(day), 31))}-01`, -1);
const nextMonth = (month: string) => monthOf(addDays(`${month}-01`, 31));
const previousMonth = (month: string) => monthOf(addDays(`${month}-01`, -1));

/**
 * The ledger summed per product over the days [from, to] (to `null`: from on, without end), as a
 * query: whole months from stock_months, the days at either edge from the movements themselves.
 */
function ledgerSums(db: Kysely<Database>, from: string, to: string | null) {
  const edges: [string, string][] = [];
  let firstFull = monthOf(from);
  if (from !== firstOfMonth(from)) {
    edges.push([from, to !== null && to < lastOfMonth(from) ? to : lastOfMonth(from)]);
    firstFull = nextMonth(monthOf(from));
  }
  let lastFull: string | null = null;
  if (to !== null) {
    lastFull = monthOf(to);
    if (to !== lastOfMonth(to)) {
      lastFull = previousMonth(monthOf(to));
      const start = firstOfMonth(to) > from ? firstOfMonth(to) : from;
      if (!edges.some(([a, b]) => a === start && b === to)) edges.push([start, to]);
    }
  }
  // A range inside one month has no whole month: firstFull then falls after lastFull and this reads nothing.
  let parts = db.selectFrom('stock_months').select(['product_id', 'purchased', 'sold', 'adjusted', 'net']).where('month', '>=', firstFull);
  if (lastFull !== null) parts = parts.where('month', '<=', lastFull);
  if (edges.length) {
    parts = parts.unionAll(
      db
        .selectFrom('stock_movements')
        .select([
          'product_id',
          sql<number>`case when kind in ('receipt', 'receipt_correction') then quantity else 0 end`.as('purchased'),
          sql<number>`case when kind in ('sale', 'refund') then -quantity else 0 end`.as('sold'),
          sql<number>`case when kind = 'adjustment' then quantity else 0 end`.as('adjusted'),
          'quantity as net',
        ])
        .where((eb) => eb.or(edges.map(([a, b]) => eb.and([eb('business_date', '>=', a), eb('business_date', '<=', b)])))),
    );
  }
  return db
    .selectFrom(parts.as('parts'))
    .select('product_id')
    .select((eb) => [eb.fn.sum<number>('purchased').as('purchased'), eb.fn.sum<number>('sold').as('sold'), eb.fn.sum<number>('adjusted').as('adjusted'), eb.fn.sum<number>('net').as('net')])
    .groupBy('product_id');
}

/** `numerator / denominator` rounded as Math.round rounds (halves up), in integers; the denominator is above zero. */
export function roundedQuotient(numerator: RawBuilder<number>, denominator: RawBuilder<number>) {
  // Math.round(n / d) is floor((2n + d) / 2d); SQL's integer division cuts toward zero, so a negative quotient is floored by hand.
  const a = sql<number>`(2 * ${numerator} + ${denominator})`;
  const b = sql<number>`(2 * ${denominator})`;
  return sql<number>`case when ${a} >= 0 then ${a} / ${b} else -((${b} - 1 - ${a}) / ${b}) end`;
}

/**
 * Every tracked product over [from, to], from the ledger, as one query read where the database
 * is (the reports' reader): receipts, sales net of refunds and adjustments inside the range;
 * closing is what was on hand at the end of `to` and opening what was there before `from`, both
 * counted back from today's on-hand (which always equals the ledger's sum). Unit cost is the
 * weighted average of the batches received up to `to`; the state and the filters are applied
 * here too, so a page of ten sends ten rows, not every product (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
 */
function stockRows(ctx: ServiceContext, query: Omit<StockReportQuery, 'page' | 'per_page'>, from: string, to: string) {
  const closing = sql<number>`(products.on_hand - coalesce(a.net, 0))`;
  let select = ctx.db
    .with('c', (db) =>
      db
        .selectFrom('stock_batches')
        .select('product_id')
        .select([sql<number>`sum(quantity * unit_cost_cents)`.as('cost_value'), sql<number>`sum(quantity)`.as('cost_qty')])
        .where('source', 'in', ['supply', 'manual'])
        .where('received_date', '<=', to)
        .groupBy('product_id'),
    )
    .with('r', () => ledgerSums(ctx.db, from, to))
    .with('a', () => ledgerSums(ctx.db, addDays(to, 1), null))
    // Batches past their date by `to` that are still on the shelf.
    .with('x', () => expiredOnHandOfAll(ctx.db, to))
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('units', 'units.id', 'products.unit_id')
    .leftJoin('c', 'c.product_id', 'products.id')
    .leftJoin('r', 'r.product_id', 'products.id')
    .leftJoin('a', 'a.product_id', 'products.id')
    .leftJoin('x', 'x.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.sku',
      'products.reorder_level',
      'products.category_id',
      'categories.name as category',
      'units.name as unit',
      sql<number>`coalesce(r.purchased, 0)`.as('purchased'),
      sql<number>`coalesce(r.sold, 0)`.as('sold'),
      sql<number>`coalesce(r.adjusted, 0)`.as('adjusted'),
      closing.as('closing'),
      sql<number>`${closing} - coalesce(r.net, 0)`.as('opening'),
      sql<StockState>`case when coalesce(x.expired, 0) > 0 then 'Expired' when ${closing} <= products.reorder_level then 'Below Reorder' else 'Normal' end`.as('state'),
      sql<number>`case when c.cost_qty > 0 then ${roundedQuotient(sql`c.cost_value`, sql`c.cost_qty`)} else 0 end`.as('unit_cost_cents'),
      // Valued from the batches' own costs, rounded once: 2 at $1.00 and 1 at $1.01 are worth $3.01, not 3 × $1.00.
      sql<number>`case when c.cost_qty > 0 then ${roundedQuotient(sql`${closing} * c.cost_value`, sql`c.cost_qty`)} else 0 end`.as('valuation_cents'),
    ])
    .where('products.track_stock', '=', 1);
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([
        containsInsensitive(ctx.kind, eb.ref('products.name'), q),
        containsInsensitive(ctx.kind, eb.ref('products.sku'), q),
        containsInsensitive(ctx.kind, eb.ref('categories.name'), q),
      ]),
    );
  }
  if (query.category) select = select.where('products.category_id', '=', query.category);
  let rows = ctx.db.selectFrom(select.as('stock')).selectAll();
  if (query.state) rows = rows.where('state', '=', query.state);
  return rows;
}

type StockState = StockReportRow['state'];
type StockRow = Awaited<ReturnType<ReturnType<typeof stockRows>['execute']>>[number];

function reportRow(row: StockRow): StockReportRow {
  return {
    productId: row.id,
    sku: row.sku,
    name: row.name,
    category: row.category,
    categoryId: row.category_id,
    unit: row.unit,
    unitCost: fromCents(Number(row.unit_cost_cents)),
    openingQty: Number(row.opening),
    purchasedQty: Number(row.purchased),
    soldQty: Number(row.sold),
    adjustedQty: Number(row.adjusted),
    closingQty: Number(row.closing),
    valuation: fromCents(Number(row.valuation_cents)),
    reorderLevel: row.reorder_level,
    state: row.state,
  };
}

/** The whole filtered report, in the table's order (the CSV export). */
export async function stockReportRows(ctx: ServiceContext, query: Omit<StockReportQuery, 'page' | 'per_page'>) {
  const { from, to } = await reportRange(ctx, query);
  const rows = await stockRows(ctx, query, from, to).orderBy('name').orderBy('id').execute();
  return { rows: rows.map(reportRow), from, to };
}

/** The totals over the whole filtered set: as windows beside a page's rows, or on their own. */
function totals(windowed: boolean) {
  const over = sql.raw(windowed ? ' over ()' : '');
  return [
    sql<number>`count(*)${over}`.as('total_skus'),
    sql<number>`coalesce(sum(opening)${over}, 0)`.as('total_opening'),
    sql<number>`coalesce(sum(closing)${over}, 0)`.as('total_closing'),
    sql<number>`coalesce(sum(purchased)${over}, 0)`.as('total_purchased'),
    sql<number>`coalesce(sum(sold)${over}, 0)`.as('total_sold'),
    sql<number>`coalesce(sum(adjusted)${over}, 0)`.as('total_adjusted'),
    sql<number>`coalesce(sum(valuation_cents)${over}, 0)`.as('total_valuation'),
  ] as const;
}

export async function stockReport(ctx: ServiceContext, query: StockReportQuery) {
  const { from, to } = await reportRange(ctx, query);
  // One statement: the page's rows, each carrying the whole set's totals (window sums, taken before the limit).
  const page = await stockRows(ctx, query, from, to)
    .select(totals(true))
    .orderBy('name')
    .orderBy('id')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  // A page past the last has no row to carry them: the totals are read on their own.
  const sums = page[0] ?? (await ctx.db.selectFrom(stockRows(ctx, query, from, to).as('rows')).select(totals(false)).executeTakeFirstOrThrow());
  const total = Number(sums.total_skus);
  return {
    data: page.map(reportRow),
    meta: {
      total,
      per_page: query.per_page,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      from,
      to,
      totals: {
        skus: total,
        openingQty: Number(sums.total_opening),
        closingQty: Number(sums.total_closing),
        purchases: Number(sums.total_purchased),
        sales: Number(sums.total_sold),
        adjustments: Number(sums.total_adjusted),
        valuation: fromCents(Number(sums.total_valuation)),
      },
    },
  };
}
