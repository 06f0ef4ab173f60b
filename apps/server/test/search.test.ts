import { describe, expect, it } from 'vitest';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';

// The test clock starts on 2026-11-21 03:00 UTC.
const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const search = (token: string, q: string) => call(token, 'GET', `/api/search?q=${encodeURIComponent(q)}`);

const latte = (await call(tokens.Manager, 'GET', '/api/products?q=COF-006')).body.data[0];
const customer = (
  await call(tokens.Manager, 'POST', '/api/customers', { name: 'Chantrea Findme', email: 'chantrea@lookup.example', phone: '+855 11 404 777' })
).body.data;
const category = latte.category_id;
const unit = latte.unit_id;
const scanned = (
  await call(tokens.Manager, 'POST', '/api/products', { name: 'Palm Sugar Syrup', sku: 'SYR-901', barcode: '8850001234567', category_id: category, unit_id: unit, price: 3, track_stock: false })
).body.data;

// $3.00 plus the demo shop's 10% tax.
async function sell(token: string, customerId: number | null) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: bearer(token),
    payload: { sale_date: clock.now().toISOString(), payment_method: 'Cash', customer_id: customerId, items: [{ product_id: scanned.id, quantity: 1, unit_price: 3 }], total_amount: 3.3, tendered: 5 },
  });
  if (response.statusCode !== 201) throw new Error(`sale failed: ${response.body}`);
  return response.json().data;
}

const staffSale = await sell(tokens.Staff, customer.id);
const managerSale = await sell(tokens.Manager, customer.id);

describe(`header search (${dbKind})`, () => {
  it('finds products by name, SKU and exact barcode, newest first', async () => {
    const byName = await search(tokens.Staff, 'latte');
    expect(byName.status).toBe(200);
    const names = byName.body.data.products.map((p: { name: string }) => p.name);
    expect(names).toContain('Iced Latte');
    expect(names.length).toBeLessThanOrEqual(5);
    const ids = byName.body.data.products.map((p: { id: number }) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(byName.body.data.products.find((p: { name: string }) => p.name === 'Iced Latte')).toMatchObject({ sku: 'COF-006', price: latte.price, active: true });

    expect((await search(tokens.Staff, 'syr-9')).body.data.products.map((p: { id: number }) => p.id)).toEqual([scanned.id]);
    expect((await search(tokens.Staff, '8850001234567')).body.data.products).toMatchObject([{ id: scanned.id, barcode: '8850001234567' }]);
    // A barcode matches whole, not by a piece of it.
    expect((await search(tokens.Staff, '88500012')).body.data.products).toEqual([]);
  });

  it('finds customers by name, e-mail and phone', async () => {
    for (const q of ['findme', 'CHANTREA@LOOKUP', '404 777']) {
      const response = await search(tokens.Staff, q);
      expect(response.body.data.customers).toEqual([{ id: customer.id, name: 'Chantrea Findme', email: 'chantrea@lookup.example', phone: '+855 11 404 777' }]);
    }
  });

  it('finds orders by sale number in any of its forms and by customer name', async () => {
    for (const q of [managerSale.code, managerSale.code.toLowerCase(), String(Number(managerSale.code.slice(3)))]) {
      const response = await search(tokens.Admin, q);
      expect(response.body.data.orders[0]).toMatchObject({ id: managerSale.id, number: managerSale.code, total: managerSale.total, customer_name: 'Chantrea Findme', status: 'Paid' });
    }
    const byCustomer = await search(tokens.Admin, 'chantrea');
    expect(byCustomer.body.data.orders.map((o: { id: number }) => o.id)).toEqual([managerSale.id, staffSale.id]);
  });

  it("finds a customer's orders under the customer's current name", async () => {
    await call(tokens.Manager, 'PUT', `/api/customers/${customer.id}`, { name: 'Chantrea Renamed', email: 'chantrea@lookup.example', phone: '+855 11 404 777' });
    const renamed = await search(tokens.Admin, 'renamed');
    expect(renamed.body.data.orders.map((o: { id: number }) => o.id)).toEqual([managerSale.id, staffSale.id]);
    expect(renamed.body.data.customers.map((c: { name: string }) => c.name)).toEqual(['Chantrea Renamed']);
    await call(tokens.Manager, 'PUT', `/api/customers/${customer.id}`, { name: 'Chantrea Findme', email: 'chantrea@lookup.example', phone: '+855 11 404 777' });
  });

  it('shows Staff only the orders they rang up', async () => {
    const mine = await search(tokens.Staff, 'chantrea');
    expect(mine.body.data.orders.map((o: { id: number }) => o.id)).toEqual([staffSale.id]);
    expect((await search(tokens.Staff, managerSale.code)).body.data.orders).toEqual([]);
    expect((await search(tokens.Manager, staffSale.code)).body.data.orders.map((o: { id: number }) => o.id)).toEqual([staffSale.id]);
  });

  it('answers at most five per group', async () => {
    for (let i = 0; i < 6; i += 1) await sell(tokens.Admin, customer.id);
    const response = await search(tokens.Admin, 'chantrea');
    expect(response.body.data.orders).toHaveLength(5);
    expect(response.body.data.orders[0].id).toBeGreaterThan(managerSale.id);
  });

  it('takes % and _ literally and finds nothing for unknown text', async () => {
    expect((await search(tokens.Admin, '%')).body.data).toEqual({ products: [], orders: [], customers: [] });
    expect((await search(tokens.Admin, 'zzzz-nothing')).body.data).toEqual({ products: [], orders: [], customers: [] });
  });

  it('refuses an empty or too long search with 422 and answers 401 without a token', async () => {
    for (const url of ['/api/search', '/api/search?q=', '/api/search?q=%20%20', `/api/search?q=${'a'.repeat(101)}`]) {
      const response = await app.inject({ method: 'GET', url, headers: bearer(tokens.Staff) });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.q).toBeDefined();
    }
    expect((await search(tokens.Staff, 'a'.repeat(100))).status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/search?q=latte' })).statusCode).toBe(401);
  });
});
