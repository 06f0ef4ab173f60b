import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

// The test clock starts on 2026-11-21 (Phnom Penh).
const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

const categories = (await call(tokens.Manager, 'GET', '/api/categories?per_page=1')).body.data;
const units = (await call(tokens.Manager, 'GET', '/api/units?per_page=1')).body.data;
const yogurt = (
  await call(tokens.Manager, 'POST', '/api/products', { name: 'Mango Yogurt', sku: 'EXP-YOG', category_id: categories[0].id, unit_id: units[0].id, price: 1.5, reorder_level: 0 })
).body.data as { id: number; price: number };
// Five went past their date three days ago; two are good until next month.
const old = await call(tokens.Manager, 'POST', '/api/stocks', { product_id: yogurt.id, quantity: 5, price_in: 0.6, received_date: '2026-11-10', expire_date: '2026-11-18' });
const fresh = await call(tokens.Manager, 'POST', '/api/stocks', { product_id: yogurt.id, quantity: 2, price_in: 0.7, received_date: '2026-11-20', expire_date: '2026-12-20' });

const sell = (quantity: number) =>
  call(tokens.Staff, 'POST', '/api/sales', {
    sale_date: clock.now().toISOString(),
    payment_method: 'Cash',
    items: [{ product_id: yogurt.id, quantity, unit_price: 1.5 }],
    total_amount: Math.round(quantity * 1.5 * 1.1 * 100) / 100,
  });
const tillCard = async () => (await call(tokens.Staff, 'GET', '/api/pos/catalog')).body.data.products.find((p: { id: number }) => p.id === yogurt.id);
const reportRow = async () => (await call(tokens.Manager, 'GET', '/api/stock-report?q=EXP-YOG')).body.data[0];

describe(`expired stock stays off the till (${dbKind})`, () => {
  it('counts only sellable units at the till, and shows the expired apart', async () => {
    expect(old.status).toBe(201);
    expect(fresh.status).toBe(201);
    expect(await tillCard()).toMatchObject({ stock: 2, expired: 5 });
  });

  it('refuses a sale that needs expired units, saying how many have expired', async () => {
    const refused = await sell(3);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'Only 2 of Mango Yogurt can be sold: 5 more have expired. A Manager can write them off on the Expire screen.',
      product_id: yogurt.id,
      product: 'Mango Yogurt',
      sellable: 2,
      expired: 5,
    });
  });

  it('sells the good units and never takes from an expired batch', async () => {
    const sold = await sell(2);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect(await tillCard()).toMatchObject({ stock: 0, expired: 5 });
    const batches = (await call(tokens.Manager, 'GET', `/api/stocks?product_id=${yogurt.id}`)).body.data;
    expect(batches.find((b: { id: number }) => b.id === old.body.data.id).remaining).toBe(5);
    expect(batches.find((b: { id: number }) => b.id === fresh.body.data.id).remaining).toBe(0);
    expect((await sell(1)).status).toBe(409);
  });

  it('marks the product Expired in the stock report, and tells the Managers once', async () => {
    expect(await reportRow()).toMatchObject({ sku: 'EXP-YOG', closingQty: 5, state: 'Expired' });
    const filtered = (await call(tokens.Manager, 'GET', '/api/stock-report?state=Expired')).body.data;
    expect(filtered.map((row: { sku: string }) => row.sku)).toContain('EXP-YOG');
    const notices = (await call(tokens.Manager, 'GET', '/api/notifications?per_page=100')).body.data.filter(
      (n: { kind: string; params: { sku?: string } }) => n.kind === 'expired' && n.params.sku === 'EXP-YOG',
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Expired: Mango Yogurt', params: { remaining: 5, expire_date: '2026-11-18' } });
    const dashboard = (await call(tokens.Manager, 'GET', '/api/dashboard')).body.data;
    expect(dashboard.expiringSoon.find((b: { sku: string }) => b.sku === 'EXP-YOG')).toMatchObject({ daysLeft: -3 });
  });

  it('once a Manager writes the batch off, the product is no longer Expired', async () => {
    const writeOff = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: yogurt.id, quantity: -5, reason: 'expired', batch_id: old.body.data.id });
    expect(writeOff.status).toBe(201);
    expect(await tillCard()).toMatchObject({ stock: 0, expired: 0 });
    expect(await reportRow()).toMatchObject({ closingQty: 0, state: 'Below Reorder' });
  });
});
