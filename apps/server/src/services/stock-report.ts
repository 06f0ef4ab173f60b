import type { StockReportQuery, StockReportRow } from '@shop/contracts/report';
import { sql } from 'kysely';
import { containsInsensitive } from '../db/dialect';
import { addDays } from '../lib/business-date';
import { fromCents, sumCents, toCents } from '@shop/contracts/money';
import type { ServiceContext } from './context';
import { shopToday } from './settings';
import { expiredOnHand } from './stock-ledger';

/** Reports cover the last 30 days unless the user picks a range (dates are shop business days). */
export async function reportRange(ctx: ServiceContext, query: { from?: string | undefined; to?: string | undefined }) {
  const today = await shopToday(ctx);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  return { from, to };
}

type Sums = { purchased: number; sold: number; adjusted: number; net: number };
const ZERO: Sums = { purchased: 0, sold: 0, adjusted: 0, net: 0 };

const monthOf = (day: string) => day.slice(0, 7);
const firstOfMonth = (day: string) => `${monthOf(day)}-01`;
const lastOfMonth = (day: string) => addDays(`${monthOf(addDays(firstOfMonth(day), 31))}-01`, -1);
const nextMonth = (month: string) => monthOf(addDays(`${month}-01`, 31));
const previousMonth = (month: string) => monthOf(addDays(`${month}-01`, -1));

function add(into: Map<number, Sums>, productId: number, sums: Sums) {
  const current = into.get(productId) ?? ZERO;
  into.set(productId, {
    purchased: current.purchased + Number(sums.purchased),
    sold: current.sold + Number(sums.sold),
    adjusted: current.adjusted + Number(sums.adjusted),
    net: current.net + Number(sums.net),
  });
}

/**
 * The ledger summed per product over the days [from, to] (to `null`: from on, without end):
 * whole months from stock_months, the days at either edge from the movements themselves.
 */
async function ledgerSums(ctx: ServiceContext, from: string, to: string | null): Promise<Map<number, Sums>> {
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
  const sums = new Map<number, Sums>();
  if (edges.length) {
    const rows = await ctx.db
      .selectFrom('stock_movements')
      .select('product_id')
      .select([
        sql<number>`sum(case when kind in ('receipt', 'receipt_correction') then quantity else 0 end)`.as('purchased'),
        sql<number>`sum(case when kind in ('sale', 'refund') then -quantity else 0 end)`.as('sold'),
        sql<number>`sum(case when kind = 'adjustment' then quantity else 0 end)`.as('adjusted'),
        sql<number>`sum(quantity)`.as('net'),
      ])
      .where((eb) => eb.or(edges.map(([a, b]) => eb.and([eb('business_date', '>=', a), eb('business_date', '<=', b)]))))
      .groupBy('product_id')
      .execute();
    for (const row of rows) add(sums, row.product_id, row);
  }
  if (lastFull === null || firstFull <= lastFull) {
    let months = ctx.db
      .selectFrom('stock_months')
      .select('product_id')
      .select([
        sql<number>`sum(purchased)`.as('purchased'),
        sql<number>`sum(sold)`.as('sold'),
        sql<number>`sum(adjusted)`.as('adjusted'),
        sql<number>`sum(net)`.as('net'),
      ])
      .where('month', '>=', firstFull);
    if (lastFull !== null) months = months.where('month', '<=', lastFull);
    for (const row of await months.groupBy('product_id').execute()) add(sums, row.product_id, row);
  }
  return sums;
}

/**
 * Every tracked product over [from, to], from the ledger: receipts, sales net of refunds and
 * adjustments inside the range; closing is what was on hand at the end of `to` and opening what
 * was there before `from`, both counted back from today's on-hand (which always equals the
 * ledger's sum). Unit cost is the weighted average of the batches received up to `to`.
 */
export async function stockReportRows(ctx: ServiceContext, query: Omit<StockReportQuery, 'page' | 'per_page'>) {
  const { from, to } = await reportRange(ctx, query);
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
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('units', 'units.id', 'products.unit_id')
    .leftJoin('c', 'c.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.sku',
      'products.reorder_level',
      'products.category_id',
      'products.on_hand',
      'categories.name as category',
      'units.name as unit',
      'c.cost_value',
      'c.cost_qty',
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
  const [products, inRange, afterTo, expired] = await Promise.all([
    select.orderBy('products.name').orderBy('products.id').execute(),
    ledgerSums(ctx, from, to),
    ledgerSums(ctx, addDays(to, 1), null),
    // Batches past their date by `to` that are still on the shelf.
    expiredOnHand(ctx, null, to),
  ]);
  const rows: StockReportRow[] = [];
  for (const product of products) {
    const range = inRange.get(product.id) ?? ZERO;
    const closing = product.on_hand - (afterTo.get(product.id) ?? ZERO).net;
    const state = (expired.get(product.id) ?? 0) > 0 ? 'Expired' : closing <= product.reorder_level ? 'Below Reorder' : 'Normal';
    if (query.state && query.state !== state) continue;
    const costQty = Number(product.cost_qty ?? 0);
    const costValue = Number(product.cost_value ?? 0);
    const unitCostCents = costQty > 0 ? Math.round(costValue / costQty) : 0;
    // Valued from the batches' own costs, rounded once: 2 at $1.00 and 1 at $1.01 are worth $3.01, not 3 × $1.00.
    const valuationCents = costQty > 0 ? Math.round((closing * costValue) / costQty) : 0;
    rows.push({
      productId: product.id,
      sku: product.sku,
      name: product.name,
      category: product.category,
      categoryId: product.category_id,
      unit: product.unit,
      unitCost: fromCents(unitCostCents),
      openingQty: closing - range.net,
      purchasedQty: range.purchased,
      soldQty: range.sold,
      adjustedQty: range.adjusted,
      closingQty: closing,
      valuation: fromCents(valuationCents),
      reorderLevel: product.reorder_level,
      state,
    });
  }
  return { rows, from, to };
}

export async function stockReport(ctx: ServiceContext, query: StockReportQuery) {
  const { rows, from, to } = await stockReportRows(ctx, query);
  const sum = (pick: (row: StockReportRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const total = rows.length;
  return {
    data: rows.slice((query.page - 1) * query.per_page, query.page * query.per_page),
    meta: {
      total,
      per_page: query.per_page,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      from,
      to,
      totals: {
        skus: total,
        openingQty: sum((row) => row.openingQty),
        closingQty: sum((row) => row.closingQty),
        purchases: sum((row) => row.purchasedQty),
        sales: sum((row) => row.soldQty),
        adjustments: sum((row) => row.adjustedQty),
        valuation: fromCents(sumCents(rows.map((row) => toCents(row.valuation)))),
      },
    },
  };
}
