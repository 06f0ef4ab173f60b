import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { rebuildSaleDays } from '../src/db/migrations/0018-sale-days';
import { rebuildProductSaleDays } from '../src/db/migrations/0021-product-sale-days';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * The sales summed by day and seller (docs/decisions/0020-report-summaries.md): the dashboard and
 * the sales report's totals read them, so they must always be what the sales themselves add up to.
 */

// The test clock starts on 2026-11-21 03:00 UTC (10:00 in Phnom Penh).
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const find = async (q: string) => (await call(tokens.Manager, 'GET', `/api/products?q=${encodeURIComponent(q)}`)).body.data[0] as { id: number; price: number };

const latte = await find('COF-005'); // $2.50, made to order
const cola = await find('SNK-002'); // $0.75, tracked
expect((await call(tokens.Manager, 'POST', '/api/stocks', { product_id: cola.id, quantity: 6, price_in: 0.38 })).status).toBe(201);

async function sell(token: string, body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: { ...bearer(token), 'idempotency-key': (body.offline as { client_id?: string } | undefined)?.client_id ?? crypto.randomUUID() },
    payload: { sale_date: clock.now().toISOString(), ...(body.payments ? {} : { payment_method: 'Cash' }), ...body },
  });
  return { status: response.statusCode, body: response.json() };
}

type Figures = { orders: number; items: number; qty: number; gross: number; discount: number; tax: number; service: number; net: number };

/** What the sales of [from, to] add up to, read from the sales themselves. */
async function fromTheSales(from: string, to: string, userId?: number): Promise<Figures> {
  let select = database.db.selectFrom('sales').where('business_date', '>=', from).where('business_date', '<=', to);
  if (userId !== undefined) select = select.where('user_id', '=', userId);
  const row = await select
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(items_count), 0)`.as('items'),
      sql<number>`coalesce(sum(total_qty), 0)`.as('qty'),
      sql<number>`coalesce(sum(gross_cents), 0)`.as('gross'),
      sql<number>`coalesce(sum(discount_cents), 0)`.as('discount'),
      sql<number>`coalesce(sum(tax_cents), 0)`.as('tax'),
      sql<number>`coalesce(sum(service_cents), 0)`.as('service'),
      sql<number>`coalesce(sum(total_cents), 0)`.as('net'),
    ])
    .executeTakeFirstOrThrow();
  const cents = (value: number) => Number(value) / 100;
  return {
    orders: Number(row.orders),
    items: Number(row.items),
    qty: Number(row.qty),
    gross: cents(row.gross),
    discount: cents(row.discount),
    tax: cents(row.tax),
    service: cents(row.service),
    net: cents(row.net),
  };
}

/** The sales report's totals row for a period alone, as the screen opens it. */
async function reportTotals(token: string, from: string, to: string): Promise<Figures> {
  const response = await call(token, 'GET', `/api/sales?per_page=1&from=${from}&to=${to}`);
  expect(response.status).toBe(200);
  const { orders, items, qty, gross, discount, tax, service, net } = response.body.meta.totals as Figures;
  return { orders, items, qty, gross, discount, tax, service, net };
}

const days = async () => database.db.selectFrom('sale_days').selectAll().orderBy('business_date').orderBy('user_id').execute();

const productDays = async () =>
  (await database.db.selectFrom('product_sale_days').selectAll().orderBy('business_date').orderBy('product_id').execute()).map((row) => ({ ...row, income_cents: Number(row.income_cents) }));

/** The rows as the checkout kept them (the days', the products' days) must be the rows summed again from every sale. */
async function expectDaysAsTheSales() {
  const kept = await days();
  const keptProducts = await productDays();
  expect(keptProducts.length).toBeGreaterThan(0);
  await rebuildSaleDays(database.db as unknown as Kysely<unknown>);
  await rebuildProductSaleDays(database.db as unknown as Kysely<unknown>);
  expect(kept).toEqual(await days());
  expect(keptProducts).toEqual(await productDays());
}

type Seller = { productId: number; name: string; sku: string; qty: number; income: number };

/** The best sellers of [from, to] read from every sale line, refunds taken off each line pro rata: what the dashboard must show. */
async function bestSellersFromTheLines(from: string, to: string): Promise<Seller[]> {
  const rows = await database.db
    .selectFrom('sale_items')
    .innerJoin('sales', 'sales.id', 'sale_items.sale_id')
    .select([
      'sale_items.product_id',
      sql<string>`max(sale_items.product_name)`.as('name'),
      sql<string>`max(sale_items.sku)`.as('sku'),
      sql<number>`sum(sale_items.quantity - sale_items.refunded_qty)`.as('qty'),
      sql<number>`sum(sale_items.line_total_cents * (sale_items.quantity - sale_items.refunded_qty) / sale_items.quantity)`.as('income'),
    ])
    .where('sales.business_date', '>=', from)
    .where('sales.business_date', '<=', to)
    .groupBy('sale_items.product_id')
    .execute();
  return rows
    .map((row) => ({ productId: row.product_id, name: row.name, sku: row.sku, qty: Number(row.qty), income: Number(row.income) / 100 }))
    .filter((row) => row.qty > 0)
    .sort((a, b) => b.qty - a.qty || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, 5);
}

const me = async (token: string) => (await call(token, 'GET', '/api/me')).body.data.id as number;

describe(`the days' sums (${dbKind})`, () => {
  it("hold every sale's figures, by day and seller: online, offline days late, with discount and service, and never a refused one", async () => {
    const today = '2026-11-21';
    const before = await fromTheSales(today, today);
    expect((await sell(tokens.Staff, { items: [{ product_id: latte.id, quantity: 2, unit_price: latte.price }], total_amount: 5.5, tendered: 10 })).status).toBe(201);
    const discounted = await sell(tokens.Manager, {
      items: [{ product_id: cola.id, quantity: 3, unit_price: cola.price }],
      discount: { type: 'percent', value: 10, reason: 'Regular' },
      service_percent: 5,
      total_amount: 2.32,
      tendered: 5,
    });
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(201);
    // Made offline three days ago, sent today: it counts on the day it was made.
    const madeOffline = await sell(
      tokens.Staff,
      {
        sale_date: '2026-11-18T04:00:00.000Z',
        items: [{ product_id: latte.id, quantity: 1, unit_price: latte.price }],
        total_amount: 2.75,
        payments: [{ method: 'card', currency: 'USD', amount: 2.75 }],
        offline: { client_id: crypto.randomUUID(), number: 'T1-0001', tax_rate: 10, tax_inclusive: false, khr_per_usd: 4100, khr_change_per_usd: 4100, riel_step: 100 },
      },
    );
    expect(madeOffline.status, JSON.stringify(madeOffline.body)).toBe(201);
    expect(madeOffline.body.data.business_date).toBe('2026-11-18');
    // Refused (more cola than there is): it adds nothing.
    const refused = await sell(tokens.Manager, { items: [{ product_id: cola.id, quantity: 50, unit_price: cola.price }], total_amount: 41.25 });
    expect(refused.status).toBe(409);

    const after = await fromTheSales(today, today);
    expect(after.orders).toBe(before.orders + 2);
    expect(await reportTotals(tokens.Manager, today, today)).toEqual(after);
    expect(await reportTotals(tokens.Manager, '2026-11-18', '2026-11-18')).toEqual(await fromTheSales('2026-11-18', '2026-11-18'));
    expect(await reportTotals(tokens.Manager, '2025-11-22', today)).toEqual(await fromTheSales('2025-11-22', today));
    // Staff see their own sales, in the totals as in the list.
    expect(await reportTotals(tokens.Staff, '2025-11-22', today)).toEqual(await fromTheSales('2025-11-22', today, await me(tokens.Staff)));
    await expectDaysAsTheSales();
  });

  it('stay exact when sales arrive together and one of them is refused', async () => {
    const answers = await Promise.all([
      sell(tokens.Staff, { items: [{ product_id: latte.id, quantity: 1, unit_price: latte.price }], total_amount: 2.75, tendered: 5 }),
      sell(tokens.Manager, { items: [{ product_id: cola.id, quantity: 99, unit_price: cola.price }], total_amount: 81.68 }),
      sell(tokens.Manager, { items: [{ product_id: latte.id, quantity: 3, unit_price: latte.price }], total_amount: 8.25, tendered: 10 }),
      sell(tokens.Admin, { items: [{ product_id: latte.id, quantity: 1, unit_price: latte.price }], total_amount: 2.75, tendered: 3 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 409, 201, 201]);
    await expectDaysAsTheSales();
  });

  it("give the dashboard its best sellers as the lines say, a partial refund's units and pro rata income taken off", async () => {
    // Seven cups at $2.50 less 10%: $15.75 over 7 units; 3 come back, leaving 4 × $2.25 = $9.00.
    const big = await sell(tokens.Manager, {
      items: [{ product_id: latte.id, quantity: 7, unit_price: latte.price, discount: { type: 'percent', value: 10, reason: 'Regular' } }],
      total_amount: 17.33,
      tendered: 20,
    });
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    const line = big.body.data.items[0] as { id: number };
    const before = ((await call(tokens.Manager, 'GET', '/api/dashboard')).body.data.topProducts as Seller[]).find((p) => p.productId === latte.id)!;
    const refunded = await call(tokens.Manager, 'POST', `/api/sales/${big.body.data.id}/refunds`, { items: [{ sale_item_id: line.id, quantity: 3 }] });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);

    const dashboard = (await call(tokens.Manager, 'GET', '/api/dashboard')).body.data;
    const { from, to } = dashboard.period as { from: string; to: string };
    const top = (dashboard.topProducts as (Seller & { options: unknown })[]).map(({ options: _options, ...seller }) => seller);
    expect(top).toEqual(await bestSellersFromTheLines(from, to));
    const after = top.find((p) => p.productId === latte.id)!;
    expect(after.qty).toBe(before.qty - 3);
    expect(Math.round((before.income - after.income) * 100)).toBe(675);
    await expectDaysAsTheSales();
  });

  it('give the dashboard its orders and income: the 30-day card and each month of the year', async () => {
    expect((await sell(tokens.Staff, { items: [{ product_id: latte.id, quantity: 4, unit_price: latte.price }], total_amount: 11, tendered: 20 })).status).toBe(201);
    const dashboard = (await call(tokens.Manager, 'GET', '/api/dashboard')).body.data;
    const { from, to } = dashboard.period as { from: string; to: string };
    const period = await fromTheSales(from, to);
    expect(dashboard.cards.newOrders.value).toBe(period.orders);
    const refundedThen = Number(
      (
        await database.db
          .selectFrom('refunds')
          .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
          .where('business_date', '>=', from)
          .where('business_date', '<=', to)
          .executeTakeFirstOrThrow()
      ).cents,
    );
    expect(dashboard.cards.totalIncome.value).toBe(Math.round(period.net * 100 - refundedThen) / 100);
    for (const month of dashboard.months as { month: number; orders: number }[]) {
      const mm = String(month.month).padStart(2, '0');
      expect(month.orders, `month ${mm}`).toBe((await fromTheSales(`${dashboard.year}-${mm}-01`, `${dashboard.year}-${mm}-31`)).orders);
    }
    expect((dashboard.months as { orders: number }[]).some((month) => month.orders > 0)).toBe(true);
  });
});
