import { describe, expect, it } from 'vitest';
import { sweepExpiringBatches } from '../src/services/notifications';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

// The test clock starts on 2026-11-21 03:00 UTC (10:00 in Phnom Penh).
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const services = { db: database.db, kind: database.kind, clock };

const product = async (sku: string) => (await call(tokens.Manager, 'GET', `/api/products?q=${sku}`)).body.data[0];
const notices = async (token: string, query = '') => (await call(token, 'GET', `/api/notifications${query}`)).body;

async function sell(productId: number, price: number, quantity: number) {
  const total = Math.round(price * quantity * 110) / 100;
  const response = await call(tokens.Staff, 'POST', '/api/sales', {
    sale_date: clock.now().toISOString(),
    payment_method: 'Card',
    items: [{ product_id: productId, quantity, unit_price: price }],
    total_amount: total,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data;
}

describe(`notifications raised by the server (${dbKind})`, () => {
  it('a sale that takes a product down to its reorder level tells Admins and Managers once, not the cashier', async () => {
    const cola = await product('SNK-002');
    await call(tokens.Manager, 'PUT', `/api/products/${cola.id}`, { ...cola, category_id: cola.category.id, unit_id: cola.unit.id, reorder_level: 5 });
    await call(tokens.Manager, 'POST', '/api/stocks', { product_id: cola.id, quantity: 8, price_in: 0.4 });

    await sell(cola.id, cola.price, 2); // 6 left: still above 5
    expect((await notices(tokens.Manager)).data.filter((n: { kind: string }) => n.kind === 'low_stock')).toEqual([]);
    await sell(cola.id, cola.price, 2); // 4 left: crossed
    await sell(cola.id, cola.price, 1); // 3 left: already low, no second notice

    for (const role of ['Manager', 'Admin'] as const) {
      const lows = (await notices(tokens[role])).data.filter((n: { kind: string }) => n.kind === 'low_stock');
      expect(lows, role).toHaveLength(1);
      expect(lows[0]).toMatchObject({
        params: { product: 'Coca-Cola Can', sku: 'SNK-002', on_hand: 4, reorder_level: 5 },
        link: '/report-stock',
        read: false,
        title: 'Low stock: Coca-Cola Can',
      });
    }
    expect((await notices(tokens.Staff)).data).toEqual([]);

    // Back above the level and down again: told again.
    await call(tokens.Manager, 'POST', '/api/stocks', { product_id: cola.id, quantity: 10, price_in: 0.4 });
    await sell(cola.id, cola.price, 9);
    expect((await notices(tokens.Manager)).data.filter((n: { kind: string }) => n.kind === 'low_stock')).toHaveLength(2);
  });

  it('a refund tells the managers who did not make it', async () => {
    const muffin = await product('BAK-004');
    await call(tokens.Manager, 'POST', '/api/stocks', { product_id: muffin.id, quantity: 20, price_in: 0.7 });
    const sale = await sell(muffin.id, muffin.price, 2);
    const refund = await call(tokens.Manager, 'POST', `/api/sales/${sale.id}/refunds`, { restock: true });
    expect(refund.status).toBe(201);
    const adminNotice = (await notices(tokens.Admin)).data.find((n: { kind: string }) => n.kind === 'refund');
    expect(adminNotice).toMatchObject({ params: { sale: sale.code, amount: sale.total, by: 'Manager Demo' }, link: `/orders?q=${sale.code}` });
    expect((await notices(tokens.Manager)).data.some((n: { kind: string }) => n.kind === 'refund')).toBe(false);
  });

  it('batches expiring within 7 days are told once however often the sweep runs; expired and later ones are not', async () => {
    const croissant = await product('BAK-001');
    await call(tokens.Manager, 'POST', '/api/stocks', { product_id: croissant.id, quantity: 6, price_in: 0.8, expire_date: '2026-11-26' });
    await call(tokens.Manager, 'POST', '/api/stocks', { product_id: croissant.id, quantity: 6, price_in: 0.8, expire_date: '2026-12-20' });
    await sweepExpiringBatches(services);
    await sweepExpiringBatches(services);
    let expiring = (await notices(tokens.Manager)).data.filter((n: { kind: string }) => n.kind === 'expiring');
    expect(expiring).toEqual([expect.objectContaining({ params: { product: 'Butter Croissant', sku: 'BAK-001', remaining: 6, expire_date: '2026-11-26' }, link: '/expire-product?days=7' })]);

    clock.advance(20 * 86_400_000); // 2026-12-11: the second batch is now 9 days out, then 7
    // Days on, past the 12-hour idle limit of a session: everyone signs in again.
    Object.assign(tokens, await demoTokens(app));
    await sweepExpiringBatches(services);
    expect((await notices(tokens.Manager)).data.filter((n: { kind: string }) => n.kind === 'expiring')).toHaveLength(1);
    clock.advance(2 * 86_400_000);
    Object.assign(tokens, await demoTokens(app));
    await sweepExpiringBatches(services);
    expiring = (await notices(tokens.Manager)).data.filter((n: { kind: string }) => n.kind === 'expiring');
    expect(expiring.map((n: { params: { expire_date: string } }) => n.params.expire_date)).toEqual(['2026-12-20', '2026-11-26']);
  });

  it('respects a user who turned the low-stock topic off', async () => {
    await call(tokens.Admin, 'PUT', '/api/profile/notifications', { email: true, sms: false, push: true, topics: { orders: true, lowStock: false, promotions: true, reports: true } });
    const cashews = await product('SNK-004');
    await call(tokens.Manager, 'POST', '/api/stocks', { product_id: cashews.id, quantity: 6, price_in: 1 }); // reorder level 5
    await sell(cashews.id, cashews.price, 1);
    const lowFor = async (role: 'Admin' | 'Manager') =>
      (await notices(tokens[role])).data.filter((n: { kind: string; params: { sku?: string } }) => n.kind === 'low_stock' && n.params.sku === 'SNK-004');
    expect(await lowFor('Manager')).toHaveLength(1);
    expect(await lowFor('Admin')).toHaveLength(0);
  });
});

describe(`reading notifications (${dbKind})`, () => {
  it('marks read and unread, counts unread, marks all read, deletes; only one’s own', async () => {
    const list = await notices(tokens.Manager);
    expect(list.meta.unread).toBe(list.meta.total);
    const first = list.data[0];
    const read = await call(tokens.Manager, 'PUT', `/api/notifications/${first.id}`, { read: true });
    expect(read.body.data).toMatchObject({ id: first.id, read: true });
    expect((await call(tokens.Manager, 'GET', '/api/notifications/unread-count')).body).toEqual({ data: { unread: list.meta.total - 1 } });
    expect((await notices(tokens.Manager, '?unread=1')).data.map((n: { id: number }) => n.id)).not.toContain(first.id);
    expect((await notices(tokens.Manager, '?unread=0')).data.map((n: { id: number }) => n.id)).toEqual([first.id]);
    await call(tokens.Manager, 'PUT', `/api/notifications/${first.id}`, { read: false });
    expect((await notices(tokens.Manager)).meta.unread).toBe(list.meta.total);

    expect((await call(tokens.Admin, 'PUT', `/api/notifications/${first.id}`, { read: true })).status).toBe(404);
    expect((await call(tokens.Admin, 'DELETE', `/api/notifications/${first.id}`)).status).toBe(404);
    expect((await call(tokens.Manager, 'PUT', `/api/notifications/${first.id}`, { read: 'yes' })).status).toBe(422);

    expect((await call(tokens.Manager, 'DELETE', `/api/notifications/${first.id}`)).body).toEqual({ message: 'Notification deleted' });
    expect((await notices(tokens.Manager)).meta.total).toBe(list.meta.total - 1);
    await call(tokens.Manager, 'POST', '/api/notifications/read-all');
    expect((await call(tokens.Manager, 'GET', '/api/notifications/unread-count')).body.data.unread).toBe(0);
    expect((await notices(tokens.Admin)).meta.unread).toBeGreaterThan(0);
  });
});
