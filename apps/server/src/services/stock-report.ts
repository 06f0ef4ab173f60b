import type { StockReportQuery, StockReportRow } from '@shop/contracts/report';
import { sql } from 'kysely';
import { containsInsensitive } from '../db/dialect';
import { addDays } from '../lib/business-date';
import { fromCents } from '../lib/money';
import type { ServiceContext } from './context';
import { shopToday } from './settings';

/** Reports cover the last 30 days unless the user picks a range (dates are shop business days). */
export async function reportRange(ctx: ServiceContext, query: { from?: string | undefined; to?: string | undefined }) {
  const today = await shopToday(ctx);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -29);
  return { from, to };
}

/**
 * Every tracked product over [from, to], straight from the ledger: opening is what the ledger
 * held before `from`, then receipts, sales net of refunds and adjustments inside the range, and
 * closing is opening plus all of those. Unit cost is the weighted average of the receipts up
 * to `to`; valuation is closing × unit cost.
 */
export async function stockReportRows(ctx: ServiceContext, query: Omit<StockReportQuery, 'page' | 'per_page'>) {
  const { from, to } = await reportRange(ctx, query);
  const receipt = sql`kind in ('receipt', 'receipt_correction')`;
  let select = ctx.db
    .with('m', (db) =>
      db
        .selectFrom('stock_movements')
        .select('product_id')
        .select([
          sql<number>`sum(case when business_date < ${from} then quantity else 0 end)`.as('opening'),
          sql<number>`sum(case when business_date >= ${from} and ${receipt} then quantity else 0 end)`.as('purchased'),
          sql<number>`sum(case when business_date >= ${from} and kind in ('sale', 'refund') then -quantity else 0 end)`.as('sold'),
          sql<number>`sum(case when business_date >= ${from} and kind = 'adjustment' then quantity else 0 end)`.as('adjusted'),
          sql<number>`sum(quantity)`.as('closing'),
          sql<number>`sum(case when ${receipt} then quantity * unit_cost_cents else 0 end)`.as('cost_value'),
          sql<number>`sum(case when ${receipt} then quantity else 0 end)`.as('cost_qty'),
        ])
        .where('business_date', '<=', to)
        .groupBy('product_id'),
    )
    .selectFrom('products')
    .innerJoin('categories', 'categories.id', 'products.category_id')
    .innerJoin('units', 'units.id', 'products.unit_id')
    .leftJoin('m', 'm.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.sku',
      'products.reorder_level',
      'products.category_id',
      'categories.name as category',
      'units.name as unit',
      'm.opening',
      'm.purchased',
      'm.sold',
      'm.adjusted',
      'm.closing',
      'm.cost_value',
      'm.cost_qty',
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
  if (query.state) {
    const below = sql<boolean>`coalesce(m.closing, 0) <= products.reorder_level`;
    select = select.where(query.state === 'Below Reorder' ? below : sql<boolean>`not (${below})`);
  }
  const raw = await select.orderBy('products.name').orderBy('products.id').execute();
  const rows: StockReportRow[] = raw.map((row) => {
    const closing = Number(row.closing ?? 0);
    const costQty = Number(row.cost_qty ?? 0);
    const unitCostCents = costQty > 0 ? Math.round(Number(row.cost_value ?? 0) / costQty) : 0;
    return {
      productId: row.id,
      sku: row.sku,
      name: row.name,
      category: row.category,
      categoryId: row.category_id,
      unit: row.unit,
      unitCost: fromCents(unitCostCents),
      openingQty: Number(row.opening ?? 0),
      purchasedQty: Number(row.purchased ?? 0),
      soldQty: Number(row.sold ?? 0),
      adjustedQty: Number(row.adjusted ?? 0),
      closingQty: closing,
      valuation: fromCents(closing * unitCostCents),
      reorderLevel: row.reorder_level,
      state: closing <= row.reorder_level ? 'Below Reorder' : 'Normal',
    };
  });
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
        valuation: Math.round(sum((row) => row.valuation) * 100) / 100,
      },
    },
  };
}
