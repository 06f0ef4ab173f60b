import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';
import { expectLedgerConsistent, onHand } from './support/ledger';

// The test clock starts on 2026-11-21 (Phnom Penh), so expiry dates below are relative to that day.
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const find = async (path: string, q: string) => (await call(tokens.Manager, 'GET', `/api/${path}?q=${encodeURIComponent(q)}`)).body.data[0];

const muffin = await find('products', 'BAK-004');
const cookies = await find('products', 'SNK-003');
const cola = await find('products', 'SNK-002');

const receive = (productId: number, quantity: number, price_in: number, extra: Record<string, unknown> = {}) =>
  call(tokens.Manager, 'POST', '/api/stocks', { product_id: productId, quantity, price_in, ...extra });

describe(`stock records (${dbKind})`, () => {
  it('records a manual receipt with today as the default date and raises on-hand', async () => {
    const response = await receive(cola.id, 24, 0.35, { notes: 'Cash purchase at the market' });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      product_id: cola.id,
      product_name: 'Coca-Cola Can',
      product_sku: 'SNK-002',
      quantity: 24,
      remaining: 24,
      price_in: 0.35,
      received_date: '2026-11-21',
      expire_date: null,
      notes: 'Cash purchase at the market',
      source: 'manual',
    });
    expect(await onHand(database, cola.id)).toBe(24);
  });

  it('lists records with product name and SKU, searching notes, product name or id, with totals over the whole set', async () => {
    await receive(cola.id, 12, 0.4, { received_date: '2026-11-10', notes: 'Second case' });
    await receive(cookies.id, 10, 0.9, { received_date: '2026-11-15' });
    const all = await call(tokens.Manager, 'GET', '/api/stocks?per_page=2');
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect(all.body.meta.totals).toEqual({ quantity: 46, average_price_in: 0.55, value: 8.4 + 4.8 + 9 });
    expect(all.body.data.map((r: { received_date: string }) => r.received_date)).toEqual(['2026-11-21', '2026-11-15']);

    expect((await call(tokens.Staff, 'GET', '/api/stocks?q=market')).body.meta.total).toBe(1);
    const byName = await call(tokens.Staff, 'GET', '/api/stocks?q=coca');
    expect(byName.body.meta.totals.quantity).toBe(36);
    expect((await call(tokens.Staff, 'GET', `/api/stocks?q=${cookies.id}`)).body.data[0].product_id).toBe(cookies.id);
  });

  it('validates receipts and keeps them for managers', async () => {
    const bad = await call(tokens.Manager, 'POST', '/api/stocks', { product_id: cola.id, quantity: 0, price_in: -1, received_date: '2026-13-01' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['price_in', 'quantity', 'received_date']);
    expect((await receive(424242, 1, 1)).body.errors).toEqual({ product_id: ['The selected product does not exist.'] });
    expect((await call(tokens.Staff, 'POST', '/api/stocks', { product_id: cola.id, quantity: 1, price_in: 1 })).status).toBe(403);
  });
});

describe(`batches, FEFO and adjustments (${dbKind})`, () => {
  it('takes from the batch that expires first, then the oldest, and batches without expiry last', async () => {
    const noExpiry = (await receive(muffin.id, 5, 0.5, { received_date: '2026-11-01' })).body.data;
    const late = (await receive(muffin.id, 5, 0.6, { received_date: '2026-11-02', expire_date: '2026-12-20' })).body.data;
    const soon = (await receive(muffin.id, 5, 0.7, { received_date: '2026-11-20', expire_date: '2026-11-25' })).body.data;
    expect(await onHand(database, muffin.id)).toBe(15);

    const waste = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: muffin.id, quantity: -7, reason: 'waste', notes: 'Dropped tray' });
    expect(waste.status).toBe(201);
    expect(waste.body.data).toMatchObject({ quantity: -7, reason: 'waste', on_hand: 8, business_date: '2026-11-21' });

    const remaining = async (id: number) =>
      (await database.db.selectFrom('stock_batches').select('remaining').where('id', '=', id).executeTakeFirstOrThrow()).remaining;
    expect([await remaining(soon.id), await remaining(late.id), await remaining(noExpiry.id)]).toEqual([0, 3, 5]);

    const moves = await database.db.selectFrom('stock_movements').select(['quantity', 'unit_cost_cents', 'batch_id']).where('reference_type', '=', 'adjustment').where('reference_id', '=', waste.body.data.id).orderBy('id').execute();
    expect(moves).toEqual([
      { quantity: -5, unit_cost_cents: 70, batch_id: soon.id },
      { quantity: -2, unit_cost_cents: 60, batch_id: late.id },
    ]);
    await expectLedgerConsistent(database);
  });

  it('adds stock found in a count as a batch at the latest cost', async () => {
    const found = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: muffin.id, quantity: 2, reason: 'count' });
    expect(found.body.data.on_hand).toBe(10);
    const batch = await database.db.selectFrom('stock_batches').selectAll().where('source', '=', 'adjustment').where('product_id', '=', muffin.id).executeTakeFirstOrThrow();
    expect(batch).toMatchObject({ quantity: 2, remaining: 2, unit_cost_cents: 70 });
    // Count corrections are not receipts: they stay off the stock records list.
    expect((await call(tokens.Manager, 'GET', `/api/stocks?product_id=${muffin.id}`)).body.meta.total).toBe(3);
    await expectLedgerConsistent(database);
  });

  it('never takes out more than is on hand, and checks its input', async () => {
    const tooMuch = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: muffin.id, quantity: -11, reason: 'waste' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe('Only 10 of Blueberry Muffin on hand; cannot take out 11.');
    const zero = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: muffin.id, quantity: 0, reason: 'other' });
    expect(zero.body.errors).toEqual({ quantity: ['Quantity cannot be 0.'] });
    const reason = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: muffin.id, quantity: 1, reason: 'lost' });
    expect(reason.body.errors).toEqual({ reason: ['Choose a reason.'] });
    expect((await call(tokens.Staff, 'POST', '/api/stock-adjustments', { product_id: muffin.id, quantity: -1, reason: 'waste' })).status).toBe(403);
    expect(await onHand(database, muffin.id)).toBe(10);
  });
});

describe(`expiring products (${dbKind})`, () => {
  it('lists batches with stock expiring within N days or already expired, soonest first', async () => {
    await receive(cookies.id, 4, 1, { received_date: '2026-10-01', expire_date: '2026-11-19', notes: 'old' });
    await receive(cookies.id, 6, 1.1, { received_date: '2026-11-01', expire_date: '2027-01-10' });

    const week = await call(tokens.Manager, 'GET', '/api/expiring-batches?days=7');
    expect(week.status).toBe(200);
    expect(week.body.meta.today).toBe('2026-11-21');
    expect(week.body.data.map((b: { product: { name: string }; days_left: number; expired: boolean; remaining: number; value: number }) => [b.product.name, b.days_left, b.expired, b.remaining, b.value])).toEqual([
      ['Lemon Cookies', -2, true, 4, 4],
    ]);

    const month = await call(tokens.Staff, 'GET', '/api/expiring-batches');
    expect(month.body.data.map((b: { product: { name: string }; days_left: number }) => [b.product.name, b.days_left])).toEqual([
      ['Lemon Cookies', -2],
      ['Blueberry Muffin', 29],
    ]);
    const quarter = await call(tokens.Staff, 'GET', '/api/expiring-batches?days=90&per_page=2&page=2');
    expect(quarter.body.meta).toMatchObject({ total: 3, current_page: 2 });
    expect(quarter.body.data[0]).toMatchObject({ product: { name: 'Lemon Cookies' }, expire_date: '2027-01-10', days_left: 50 });
    expect((await call(tokens.Staff, 'GET', '/api/expiring-batches?days=0')).status).toBe(422);
  });

  it('writes an expired batch off from that very batch', async () => {
    const expired = (await call(tokens.Staff, 'GET', '/api/expiring-batches?days=7')).body.data[0];
    const before = await onHand(database, cookies.id);
    const writeOff = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: cookies.id, quantity: -expired.remaining, reason: 'expired', batch_id: expired.batch_id });
    expect(writeOff.status).toBe(201);
    expect(await onHand(database, cookies.id)).toBe(before - 4);
    expect((await call(tokens.Staff, 'GET', '/api/expiring-batches?days=7')).body.data).toEqual([]);
    const wrongBatch = await call(tokens.Manager, 'POST', '/api/stock-adjustments', { product_id: muffin.id, quantity: -1, reason: 'expired', batch_id: expired.batch_id });
    expect(wrongBatch.status).toBe(422);
    await expectLedgerConsistent(database);
  });

  it('counts days in the shop time zone as the clock moves', async () => {
    clock.advance(3 * 86_400_000);
    // Three days on, past the 12-hour idle limit of a session: everyone signs in again.
    Object.assign(tokens, await demoTokens(app));
    const later = await call(tokens.Staff, 'GET', '/api/expiring-batches?days=30');
    expect(later.body.meta.today).toBe('2026-11-24');
    expect(later.body.data.find((b: { product: { name: string } }) => b.product.name === 'Blueberry Muffin').days_left).toBe(26);
  });
});

describe(`purchase costs are for costs:view (${dbKind})`, () => {
  it('gives Staff quantities only on the stock and expiring lists, and Managers the costs', async () => {
    const staffStocks = await call(tokens.Staff, 'GET', '/api/stocks?per_page=100');
    expect(staffStocks.status).toBe(200);
    expect(staffStocks.body.data.length).toBeGreaterThan(0);
    for (const record of staffStocks.body.data) {
      expect(record).not.toHaveProperty('price_in');
      expect(record).toHaveProperty('quantity');
    }
    expect(Object.keys(staffStocks.body.meta.totals)).toEqual(['quantity']);

    const managerStocks = await call(tokens.Manager, 'GET', '/api/stocks?per_page=100');
    expect(managerStocks.body.data.every((record: { price_in?: number }) => typeof record.price_in === 'number')).toBe(true);
    expect(managerStocks.body.meta.totals).toEqual(expect.objectContaining({ quantity: staffStocks.body.meta.totals.quantity, value: expect.any(Number), average_price_in: expect.any(Number) }));

    const staffBatches = await call(tokens.Staff, 'GET', '/api/expiring-batches?days=3650&per_page=100');
    expect(staffBatches.status).toBe(200);
    expect(staffBatches.body.data.length).toBeGreaterThan(0);
    for (const batch of staffBatches.body.data) {
      expect(batch).not.toHaveProperty('unit_cost');
      expect(batch).not.toHaveProperty('value');
      expect(batch).toHaveProperty('remaining');
    }
    const managerBatches = await call(tokens.Manager, 'GET', '/api/expiring-batches?days=3650&per_page=100');
    expect(managerBatches.body.data.every((batch: { value?: number }) => typeof batch.value === 'number')).toBe(true);
  });
});
