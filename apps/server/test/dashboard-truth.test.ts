import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { roundedQuotient } from '../src/services/stock-report';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app, clock, database } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

async function newProduct(name: string, sku: string, price: number) {
  const categories = (await call(tokens.Manager, 'GET', '/api/categories?per_page=1')).body.data;
  const units = (await call(tokens.Manager, 'GET', '/api/units?per_page=1')).body.data;
  const created = await call(tokens.Manager, 'POST', '/api/products', { name, sku, category_id: categories[0].id, unit_id: units[0].id, price });
  expect(created.status).toBe(201);
  return created.body.data as { id: number; price: number };
}

describe(`the dashboard and the stock report tell the truth (${dbKind})`, () => {
  it('leaves a product whose every unit was refunded out of the top sellers', async () => {
    const product = await newProduct('Returned Everything', 'RET-ALL', 500);
    expect((await call(tokens.Manager, 'POST', '/api/stocks', { product_id: product.id, quantity: 10, price_in: 1 })).status).toBe(201);
    const sale = await call(tokens.Manager, 'POST', '/api/sales', {
      sale_date: clock.now().toISOString(),
      payment_method: 'Cash',
      items: [{ product_id: product.id, quantity: 9, unit_price: 500 }],
      total_amount: 4950,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    // Nine at $500 outsell everything else of the demo month.
    expect((await call(tokens.Manager, 'GET', '/api/dashboard')).body.data.topProducts[0]).toMatchObject({ name: 'Returned Everything', qty: 9 });
    expect((await call(tokens.Manager, 'POST', `/api/sales/${sale.body.data.id}/refunds`, {})).status).toBe(201);

    const top = (await call(tokens.Manager, 'GET', '/api/dashboard')).body.data.topProducts;
    expect(top.map((p: { name: string }) => p.name)).not.toContain('Returned Everything');
    expect(top.every((p: { qty: number; income: number }) => p.qty > 0 && p.income > 0)).toBe(true);
  });

  it("sums the Yearly Stats chart's two lines in its headline", async () => {
    const supplier = (await call(tokens.Manager, 'GET', '/api/suppliers?per_page=1')).body.data[0];
    const product = await newProduct('Supplied Beans', 'SUP-BEANS', 4);
    const supply = await call(tokens.Manager, 'POST', '/api/supplies', {
      supplier_id: supplier.id,
      invoice_id: 'YEAR-1',
      invoice_date: clock.now().toISOString().slice(0, 10),
      payment_method: 'Cash',
      items: [{ product_id: product.id, supply_quantity: 3, unit_price: 2.5 }],
    });
    expect(supply.status).toBe(201);
    const { months, yearTotal, yearExpense } = (await call(tokens.Manager, 'GET', '/api/dashboard')).body.data;
    const sum = (key: 'income' | 'expense') => Math.round(months.reduce((total: number, m: Record<string, number>) => total + m[key]! * 100, 0)) / 100;
    expect(yearTotal).toBe(sum('income'));
    expect(yearExpense).toBe(sum('expense'));
    expect(yearExpense).toBeGreaterThanOrEqual(7.5);
  });

  it("values stock from each batch's cost in cents, not from a rounded unit cost", async () => {
    const product = await newProduct('Odd Cost Beans', 'ODD-001', 3);
    for (const price_in of [1, 1, 1.01]) {
      expect((await call(tokens.Manager, 'POST', '/api/stocks', { product_id: product.id, quantity: 1, price_in })).status).toBe(201);
    }
    const row = (await call(tokens.Manager, 'GET', '/api/stock-report?q=ODD-001')).body.data[0];
    // The average is $1.0033…: shown as $1.00 a unit, but three units are worth $3.01.
    expect(row).toMatchObject({ unitCost: 1, closingQty: 3, valuation: 3.01 });
  });

  it("rounds a quotient in the database as the money module's Math.round does, below zero too", async () => {
    const cases: [number, number][] = [];
    for (let n = -25; n <= 25; n += 1) for (const d of [1, 2, 3, 4, 6, 7]) cases.push([n, d]);
    cases.push([-301, 3], [-201, 2], [603, 2], [-9_007_199_254, 1_000], [123_456_789_012, 7]);
    for (const [n, d] of cases) {
      const { rows: [row] } = await sql<{ q: number | string }>`select ${roundedQuotient(sql`cast(${n} as bigint)`, sql`cast(${d} as bigint)`)} as q`.execute(database.db);
      // `+ 0`: Math.round gives -0 for a small negative quotient.
      expect([n, d, Number(row!.q)]).toEqual([n, d, Math.round(n / d) + 0]);
    }
  });

  it('rounds to the cent as the till does (a half up), even when stock is owed', async () => {
    const half = await newProduct('Half Cent Beans', 'HALF-001', 3);
    const third = await newProduct('Third Cent Beans', 'THIRD-001', 3);
    for (const [product, costs] of [[half, [1, 1.01]], [third, [1, 1, 1.01]]] as const) {
      for (const price_in of costs) expect((await call(tokens.Manager, 'POST', '/api/stocks', { product_id: product.id, quantity: 1, price_in })).status).toBe(201);
    }
    const row = async (sku: string) => (await call(tokens.Manager, 'GET', `/api/stock-report?q=${sku}`)).body.data[0];
    // $1.005 a unit is shown as $1.01.
    expect(await row('HALF-001')).toMatchObject({ unitCost: 1.01, closingQty: 2, valuation: 2.01 });

    const general = (await call(tokens.Manager, 'GET', '/api/settings')).body.data.general;
    expect((await call(tokens.Admin, 'PUT', '/api/settings/general', { ...general, allowNegativeStock: true })).status).toBe(200);
    try {
      const sale = await call(tokens.Manager, 'POST', '/api/sales', {
        sale_date: clock.now().toISOString(),
        payment_method: 'Cash',
        items: [
          { product_id: half.id, quantity: 3, unit_price: 3 },
          { product_id: third.id, quantity: 4, unit_price: 3 },
        ],
        total_amount: 23.1,
      });
      expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/general', general);
    }
    // One unit owed at $1.005 is -$1.005: rounded up to -$1.00, not away from zero to -$1.01.
    expect(await row('HALF-001')).toMatchObject({ closingQty: -1, soldQty: 3, valuation: -1 });
    // One owed at $1.0033…: -$1.00, not -$0.99.
    expect(await row('THIRD-001')).toMatchObject({ closingQty: -1, soldQty: 4, valuation: -1 });
  });
});
