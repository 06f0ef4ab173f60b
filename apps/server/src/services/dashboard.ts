import type { Dashboard } from '@shop/contracts/report';
import { sql } from 'kysely';
import { addDays, daysBetween } from '../lib/business-date';
import { fromCents, sumCents } from '@shop/contracts/money';
import type { ServiceContext } from './context';
import { getSettingsSection, shopToday } from './settings';
import { soldOptions } from './modifier-report';
import { saleDaysIn, saleDayTotals } from './sale-days';

/** Percent change to 2 decimals; from nothing to something counts as +100%. */
function change(value: number, previous: number): number {
  if (previous === 0) return value === 0 ? 0 : 100;
  return Math.round(((value - previous) / Math.abs(previous)) * 10_000) / 100;
}

/** The instant a business day starts in the shop's time zone. */
function startOfDay(day: string, timeZone: string): string {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(noonUtc)
      .map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute));
  const offset = local - noonUtc.getTime();
  return new Date(Date.parse(`${day}T00:00:00Z`) - offset).toISOString();
}

/** Refunds made in [from, to], by month (YYYY-MM) of the day they were made: they count on that day, as on the Sales Report. */
async function refundsByMonth(ctx: ServiceContext, from: string, to: string) {
  const month = sql<string>`substr(business_date, 1, 7)`;
  const rows = await ctx.db
    .selectFrom('refunds')
    .select([month.as('month'), sql<number>`coalesce(sum(amount_cents), 0)`.as('cents')])
    .where('business_date', '>=', from)
    .where('business_date', '<=', to)
    .groupBy(month)
    .execute();
  return new Map(rows.map((row) => [row.month, Number(row.cents)]));
}

/**
 * Orders of [from, to], and income: their totals less the refunds made in [from, to]. Sales are
 * read from the days' sums (services/sale-days.ts); no sale is ever cancelled (decision 0007).
 */
async function salesBetween(ctx: ServiceContext, from: string, to: string) {
  const [row, refunds] = await Promise.all([saleDayTotals(ctx, { from, to }), refundsByMonth(ctx, from, to)]);
  return { orders: row.orders, income: row.net - sumCents(refunds.values()) };
}

/** What supplies cost: their lines plus tax and freight. */
const supplyCost = sql<number>`coalesce(sum(supplies.tax_cents + supplies.freight_cents + coalesce((select sum(si.supply_quantity * si.unit_price_cents) from supply_items si where si.supply_id = supplies.id), 0)), 0)`;

async function expenseBetween(ctx: ServiceContext, from: string, to: string) {
  const row = await ctx.db
    .selectFrom('supplies')
    .select(supplyCost.as('expense'))
    .where('invoice_date', '>=', from)
    .where('invoice_date', '<=', to)
    .where('status', '!=', 'Cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.expense);
}

async function customersBetween(ctx: ServiceContext, from: string, to: string, timeZone: string) {
  const row = await ctx.db
    .selectFrom('customers')
    .select(sql<number>`count(*)`.as('n'))
    .where('created_at', '>=', startOfDay(from, timeZone))
    .where('created_at', '<', startOfDay(addDays(to, 1), timeZone))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const card = (value: number, previous: number) => ({ value, previous, change: change(value, previous) });
const moneyCard = (cents: number, previousCents: number) => ({ value: fromCents(cents), previous: fromCents(previousCents), change: change(cents, previousCents) });

/** The four cards: the last 30 days against the 30 before. */
async function periodCards(ctx: ServiceContext, today: string, timeZone: string) {
  const from = addDays(today, -29);
  const previousTo = addDays(from, -1);
  const previousFrom = addDays(previousTo, -29);
  const [now, before, expense, expenseBefore, customers, customersBefore] = await Promise.all([
    salesBetween(ctx, from, today),
    salesBetween(ctx, previousFrom, previousTo),
    expenseBetween(ctx, from, today),
    expenseBetween(ctx, previousFrom, previousTo),
    customersBetween(ctx, from, today, timeZone),
    customersBetween(ctx, previousFrom, previousTo, timeZone),
  ]);
  return {
    period: { from, to: today },
    cards: {
      newOrders: card(now.orders, before.orders),
      totalIncome: moneyCard(now.income, before.income),
      totalExpense: moneyCard(expense, expenseBefore),
      newUsers: card(customers, customersBefore),
    },
  };
}

/** Jan..Dec of this year: income (less the refunds made that month), orders (from the days' sums), and what supplies cost. */
async function yearByMonth(ctx: ServiceContext, year: number) {
  const month = sql<string>`substr(business_date, 6, 2)`;
  const [salesByMonth, expenseByMonth, refunds] = await Promise.all([
    saleDaysIn(ctx, { from: `${year}-01-01`, to: `${year}-12-31` })
      .select([month.as('month'), sql<number>`sum(orders)`.as('orders'), sql<number>`sum(total_cents)`.as('income')])
      .groupBy(month)
      .execute(),
    ctx.db
      .selectFrom('supplies')
      .select([sql<string>`substr(invoice_date, 6, 2)`.as('month'), supplyCost.as('expense')])
      .where('invoice_date', '>=', `${year}-01-01`)
      .where('invoice_date', '<=', `${year}-12-31`)
      .where('status', '!=', 'Cancelled')
      .groupBy(sql`substr(invoice_date, 6, 2)`)
      .execute(),
    refundsByMonth(ctx, `${year}-01-01`, `${year}-12-31`),
  ]);
  const months = Array.from({ length: 12 }, (_, index) => {
    const key = String(index + 1).padStart(2, '0');
    const sales = salesByMonth.find((row) => row.month === key);
    const spent = expenseByMonth.find((row) => row.month === key);
    const income = Number(sales?.income ?? 0) - (refunds.get(`${year}-${key}`) ?? 0);
    return { month: index + 1, income: fromCents(income), orders: Number(sales?.orders ?? 0), expense: fromCents(Number(spent?.expense ?? 0)) };
  });
  return {
    months,
    yearTotal: fromCents(sumCents(salesByMonth.map((row) => Number(row.income))) - sumCents(refunds.values())),
    yearExpense: fromCents(sumCents(expenseByMonth.map((row) => Number(row.expense)))),
  };
}

/**
 * The five best sellers of the last 30 days, by units kept (refunds taken off). What was sold is
 * read from the products' days (product_sale_days, kept by the checkout); what came back, from the
 * refunded lines of those days' sales, each line's income taken pro rata as its report shows it.
 */
async function topSellers(ctx: ServiceContext, from: string, to: string) {
  const rows = await ctx.db
    .with('sold', (db) =>
      db
        .selectFrom('product_sale_days')
        .select([
          'product_id',
          sql<string>`max(product_name)`.as('name'),
          sql<string>`max(sku)`.as('sku'),
          sql<number>`sum(qty)`.as('qty'),
          sql<number>`sum(income_cents)`.as('income'),
        ])
        .where('business_date', '>=', from)
        .where('business_date', '<=', to)
        .groupBy('product_id'),
    )
    .with('back', (db) =>
      db
        .selectFrom('sale_items')
        .innerJoin('sales', 'sales.id', 'sale_items.sale_id')
        .select([
          'sale_items.product_id',
          sql<number>`sum(sale_items.refunded_qty)`.as('qty'),
          sql<number>`sum(sale_items.line_total_cents - sale_items.line_total_cents * (sale_items.quantity - sale_items.refunded_qty) / sale_items.quantity)`.as('income'),
        ])
        .where('sale_items.id', 'in', db.selectFrom('refund_items').select('refund_items.sale_item_id'))
        .where('sales.business_date', '>=', from)
        .where('sales.business_date', '<=', to)
        .groupBy('sale_items.product_id'),
    )
    .selectFrom('sold')
    .leftJoin('back', 'back.product_id', 'sold.product_id')
    .select([
      'sold.product_id',
      'sold.name',
      'sold.sku',
      sql<number>`sold.qty - coalesce(back.qty, 0)`.as('qty'),
      sql<number>`sold.income - coalesce(back.income, 0)`.as('income'),
    ])
    // A product whose every unit came back was not a seller.
    .where(sql<number>`sold.qty - coalesce(back.qty, 0)`, '>', 0)
    .orderBy('qty', 'desc')
    .orderBy('sold.name')
    .limit(5)
    .execute();
  const options = await topOptions(
    ctx,
    rows.map((row) => row.product_id),
    from,
    to,
  );
  return rows.map((row) => ({
    productId: row.product_id,
    name: row.name,
    sku: row.sku,
    qty: Number(row.qty),
    income: fromCents(Math.round(Number(row.income))),
    options: options.get(row.product_id) ?? [],
  }));
}

/** The three options most sold with each of these products (units kept, refunds taken off), by product. */
async function topOptions(ctx: ServiceContext, productIds: number[], from: string, to: string) {
  const byProduct = new Map<number, { group: string; name: string; quantity: number }[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await soldOptions(ctx, from, to)
    .select([
      'sale_items.product_id',
      'sale_item_modifiers.group_name as group',
      'sale_item_modifiers.name',
      sql<number>`sum(sale_items.quantity - sale_items.refunded_qty)`.as('quantity'),
    ])
    .where('sale_items.product_id', 'in', productIds)
    .groupBy(['sale_items.product_id', 'sale_item_modifiers.group_name', 'sale_item_modifiers.name'])
    .having(sql<number>`sum(sale_items.quantity - sale_items.refunded_qty)`, '>', 0)
    .orderBy('quantity', 'desc')
    .orderBy('sale_item_modifiers.group_name')
    .orderBy('sale_item_modifiers.name')
    .execute();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    if (list.length < 3) byProduct.set(row.product_id, [...list, { group: row.group, name: row.name, quantity: Number(row.quantity) }]);
  }
  return byProduct;
}

/** Tracked products on sale at or below their reorder level, emptiest first. */
async function lowStock(ctx: ServiceContext) {
  const rows = await ctx.db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'on_hand', 'reorder_level'])
    .where('track_stock', '=', 1)
    .where('active', '=', 1)
    .whereRef('on_hand', '<=', 'reorder_level')
    .orderBy('on_hand')
    .orderBy('name')
    .limit(5)
    .execute();
  return rows.map((row) => ({ productId: row.id, name: row.name, sku: row.sku, onHand: row.on_hand, reorderLevel: row.reorder_level }));
}

/** Batches with stock left that expire within a week (or have expired), soonest first. */
async function expiringSoon(ctx: ServiceContext, today: string) {
  const rows = await ctx.db
    .selectFrom('stock_batches')
    .innerJoin('products', 'products.id', 'stock_batches.product_id')
    .select(['stock_batches.id', 'products.name', 'products.sku', 'stock_batches.expire_date', 'stock_batches.remaining'])
    .where('stock_batches.remaining', '>', 0)
    .where('stock_batches.expire_date', 'is not', null)
    .where('stock_batches.expire_date', '<=', addDays(today, 7))
    .orderBy('stock_batches.expire_date')
    .limit(5)
    .execute();
  return rows.map((row) => ({ batchId: row.id, name: row.name, sku: row.sku, expireDate: row.expire_date!, remaining: row.remaining, daysLeft: daysBetween(today, row.expire_date!) }));
}

/** GET /dashboard: everything the first screen of the morning shows, in one answer. */
export async function getDashboard(ctx: ServiceContext): Promise<Dashboard> {
  const { timezone } = await getSettingsSection(ctx, 'localization');
  const today = await shopToday(ctx);
  const year = Number(today.slice(0, 4));
  const [{ period, cards }, { months, yearTotal, yearExpense }, topProducts, low, expiring] = await Promise.all([
    periodCards(ctx, today, timezone),
    yearByMonth(ctx, year),
    topSellers(ctx, addDays(today, -29), today),
    lowStock(ctx),
    expiringSoon(ctx, today),
  ]);
  return { today, period, cards, year, months, yearTotal, yearExpense, topProducts, lowStock: low, expiringSoon: expiring };
}
