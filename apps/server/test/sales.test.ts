import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { bearer, caller, createTestApp, dbKind, demoTokens, signInAs } from './support/test-app';
import { expectLedgerConsistent, onHand } from './support/ledger';

// The test clock starts on 2026-11-21 03:00 UTC (10:00 in Phnom Penh).
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const find = async (q: string) => (await call(tokens.Manager, 'GET', `/api/products?q=${encodeURIComponent(q)}`)).body.data[0];

const croissant = await find('BAK-001'); // $1.80, tracked
const latte = await find('COF-005'); // $2.50, made to order
const cola = await find('SNK-002'); // $0.75, tracked
const muffin = await find('BAK-004'); // $1.80, tracked
const cashews = await find('SNK-004'); // $2.50, tracked

const receive = (productId: number, quantity: number, price_in: number, extra: Record<string, unknown> = {}) =>
  call(tokens.Manager, 'POST', '/api/stocks', { product_id: productId, quantity, price_in, ...extra });

type Line = { product_id: number; quantity: number; unit_price: number };
const line = (product: { id: number; price: number }, quantity: number): Line => ({ product_id: product.id, quantity, unit_price: product.price });

async function sell(token: string, body: Record<string, unknown>, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { sale_date: clock.now().toISOString(), payment_method: 'Cash', ...body },
  });
  return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] === 'true' };
}

const count = async (table: 'sales' | 'sale_items' | 'sale_payments' | 'stock_movements' | 'idempotency_keys') =>
  Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

await receive(croissant.id, 20, 0.85, { expire_date: '2026-11-30', notes: 'later batch' });
await receive(croissant.id, 5, 0.8, { expire_date: '2026-11-23', notes: 'expires first' });
await receive(cola.id, 10, 0.38);
await receive(muffin.id, 10, 0.7);

describe(`checkout pricing (${dbKind})`, () => {
  it('prices lines from the catalogue with the best promotion, adds 10% tax, and records sale, lines, payment and stock', async () => {
    await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Latte week', product_id: latte.id, discount: 20, active: true });
    await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Small latte deal', product_id: latte.id, discount: 5, active: true });
    await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Expired', product_id: latte.id, discount: 50, valid_until: '2026-11-20', active: true });
    await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Off', product_id: latte.id, discount: 60, active: false });
    // 2 lattes: gross 5.00, discount 1.00; 3 croissants: 5.40. Subtotal 9.40, tax 0.94, total 10.34.
    const response = await sell(tokens.Staff, { items: [line(latte, 2), line(croissant, 3)], total_amount: 10.34, tendered: 20 });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Sale recorded successfully!');
    const sale = response.body.data;
    expect(sale).toMatchObject({
      code: 'SO-000001',
      so_no: 'SO-000001',
      business_date: '2026-11-21',
      channel: 'POS',
      payment_method: 'Cash',
      status: 'Paid',
      items_count: 2,
      total_qty: 5,
      gross: 10.4,
      discount: 1,
      subtotal: 9.4,
      tax_enabled: true,
      tax_rate: 10,
      tax: 0.94,
      service: 0,
      total: 10.34,
      total_amount: 10.34,
      tendered: 20,
      change: 9.66,
      refunded: 0,
      cashier: { name: 'Staff Demo' },
    });
    expect(sale.items).toEqual([
      expect.objectContaining({ product_id: latte.id, quantity: 2, unit_price: 2.5, discount_percent: 20, discount: 1, line_total: 4 }),
      expect.objectContaining({ product_id: croissant.id, quantity: 3, unit_price: 1.8, discount_percent: 0, discount: 0, line_total: 5.4 }),
    ]);
    // FEFO: the three croissants come out of the batch that expires first.
    const batches = await database.db.selectFrom('stock_batches').select(['notes', 'remaining']).where('product_id', '=', croissant.id).orderBy('id').execute();
    expect(batches).toEqual([
      { notes: 'later batch', remaining: 20 },
      { notes: 'expires first', remaining: 2 },
    ]);
    const item = await database.db.selectFrom('sale_items').select('cost_cents').where('product_id', '=', croissant.id).executeTakeFirstOrThrow();
    expect(item.cost_cents).toBe(240);
    expect(await onHand(database, croissant.id)).toBe(22);
    expect(await onHand(database, latte.id)).toBe(0);
    await expectLedgerConsistent(database);
  });

  it('answers 409 with the current prices when the till shows an old price or total, and writes nothing', async () => {
    const before = await count('sales');
    const stale = await sell(tokens.Staff, { items: [{ product_id: cola.id, quantity: 1, unit_price: 0.7 }], total_amount: 0.77 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Prices have changed since the cart was filled. Check the new prices and pay again.');
    expect(stale.body.prices).toEqual([{ product_id: cola.id, unit_price: 0.75, discount_percent: 0 }]);
    expect(stale.body.total_amount).toBe(0.83);
    const wrongTotal = await sell(tokens.Staff, { items: [line(cola, 1)], total_amount: 0.75 });
    expect(wrongTotal.status).toBe(409);
    expect(await count('sales')).toBe(before);
  });

  it('takes tax out of prices when tax is inclusive, adds the service charge, and honours the tax toggle', async () => {
    await call(tokens.Admin, 'PUT', '/api/settings/taxes', { enabled: true, inclusive: true, rate: 10 });
    try {
      // Croissant 1.80 ×2 = 3.60 including tax: tax = 3.60 − 3.60/1.1 = 0.33; service 5% = 0.18; total 3.78.
      const inclusive = await sell(tokens.Manager, { items: [line(croissant, 2)], service_percent: 5, total_amount: 3.78, payment_method: 'Card' });
      expect(inclusive.status).toBe(201);
      expect(inclusive.body.data).toMatchObject({ tax_inclusive: true, tax: 0.33, service: 0.18, total: 3.78, payment_method: 'Card', change: 0 });
      const untaxed = await sell(tokens.Manager, { items: [line(croissant, 1)], tax_enabled: false, total_amount: 1.8 });
      expect(untaxed.body.data).toMatchObject({ tax_enabled: false, tax: 0, total: 1.8 });
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/taxes', { enabled: true, inclusive: false, rate: 10 });
    }
  });

  it('takes cash in dollars and riel and gives change, refusing a short tender', async () => {
    // Total 1.65 (cola 0.75 ×2 = 1.50 + 0.15 tax); $1 and 4,000 riel at the default 4,100 = $1.97
    // (riel is credited rounded down to the cent); change $0.32: no whole dollar, so 1,312 riel,
    // rounded down to the 100-riel step = 1,300.
    const mixed = await sell(tokens.Staff, { items: [line(cola, 2)], total_amount: 1.65, tendered: 1, tendered_khr: 4000 });
    expect(mixed.status).toBe(201);
    expect(mixed.body.data).toMatchObject({ tendered: 1.97, tendered_khr: 4000, change: 0.32, change_usd: 0, change_khr: 1300, khr_per_usd: 4100, paid: 1.65, balance: 0 });
    const before = await count('sales');
    const short = await sell(tokens.Staff, { items: [line(cola, 2)], total_amount: 1.65, tendered: 1.5 });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ tendered: ['The cash tendered is less than the total.'] });
    expect(await count('sales')).toBe(before);
  });

  it('validates the request with field errors and never answers 500', async () => {
    const bad = await sell(tokens.Staff, { items: [{ product_id: 0, quantity: 0, unit_price: -1 }], total_amount: 'x', payment_method: '' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['items.0.product_id', 'items.0.quantity', 'items.0.unit_price', 'payment_method', 'total_amount']);
    expect((await sell(tokens.Staff, { items: [], total_amount: 0 })).body.errors.items).toEqual(['Add at least one product to the cart.']);
    const unknown = await sell(tokens.Staff, { items: [line(cola, 1), { product_id: 999999, quantity: 1, unit_price: 1 }], total_amount: 1 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'items.1.product_id': ['This product does not exist.'] });
    const bank = await sell(tokens.Staff, { items: [line(cola, 1)], total_amount: 0.83, payment_method: 'Bank' });
    expect(bank.status).toBe(422);
    expect(bank.body.errors.payment_method).toEqual(['Choose one of the payment methods: Cash, Card.']);
    const future = await sell(tokens.Staff, { items: [line(cola, 1)], total_amount: 0.83, sale_date: '2026-11-22T03:00:00Z' });
    expect(future.body.errors.sale_date).toEqual(['Sale date cannot be in the future.']);
    const customer = await sell(tokens.Staff, { items: [line(cola, 1)], total_amount: 0.83, customer_id: 999999 });
    expect(customer.body.errors).toEqual({ customer_id: ['The selected customer does not exist.'] });
    const key = await app.inject({ method: 'POST', url: '/api/sales', headers: { ...bearer(tokens.Staff), 'idempotency-key': 'short' }, payload: {} });
    expect(key.statusCode).toBe(422);
  });
});

describe(`stock at the till (${dbKind})`, () => {
  it('refuses more than is on hand, counting two lines of one product together, and writes nothing', async () => {
    const left = await onHand(database, muffin.id);
    const movements = await count('stock_movements');
    const refused = await sell(tokens.Staff, { items: [line(muffin, left - 1), line(muffin, 2)], total_amount: 0 });
    // The price check comes first, so send the right total.
    expect(refused.status).toBe(409);
    const total = refused.body.total_amount;
    const again = await sell(tokens.Staff, { items: [line(muffin, left - 1), line(muffin, 2)], total_amount: total });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Only ${left} left of Blueberry Muffin`);
    expect(await onHand(database, muffin.id)).toBe(left);
    expect(await count('stock_movements')).toBe(movements);
  });

  it('sells from the batch that expires first, never from one already past its date', async () => {
    const product = (await call(tokens.Manager, 'POST', '/api/products', {
      name: 'Yoghurt Cup',
      sku: `YOG-${dbKind}`,
      category_id: croissant.category_id,
      unit_id: croissant.unit_id,
      price: 1,
      active: true,
    })).body.data;
    await receive(product.id, 3, 0.4, { received_date: '2026-11-01', expire_date: '2026-11-20', notes: 'expired yesterday' });
    await receive(product.id, 3, 0.5, { expire_date: '2026-12-10', notes: 'later' });
    await receive(product.id, 3, 0.6, { expire_date: '2026-11-25', notes: 'sooner' });
    expect((await sell(tokens.Staff, { items: [line(product, 4)], total_amount: 4.4 })).status).toBe(201);
    const batches = await database.db.selectFrom('stock_batches').select(['notes', 'remaining']).where('product_id', '=', product.id).orderBy('id').execute();
    expect(batches).toEqual([
      { notes: 'expired yesterday', remaining: 3 },
      { notes: 'later', remaining: 2 },
      { notes: 'sooner', remaining: 0 },
    ]);
    await expectLedgerConsistent(database);
  });

  it('sells the last units exactly once under 200 concurrent checkouts', async () => {
    const product = (await call(tokens.Manager, 'POST', '/api/products', {
      name: 'Race Bun',
      sku: `RACE-${dbKind}`,
      category_id: croissant.category_id,
      unit_id: croissant.unit_id,
      price: 1,
      active: true,
    })).body.data;
    await receive(product.id, 10, 0.5);
    const results = await Promise.all(Array.from({ length: 200 }, () => sell(tokens.Staff, { items: [line(product, 1)], total_amount: 1.1 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(190);
    expect(await onHand(database, product.id)).toBe(0);
    await expectLedgerConsistent(database);
  });

  it('sells past zero when the shop allows negative stock, and later stock covers what was owed', async () => {
    const general = (await call(tokens.Staff, 'GET', '/api/settings')).body.data.general;
    await call(tokens.Admin, 'PUT', '/api/settings/general', { ...general, allowNegativeStock: true });
    try {
      const start = await onHand(database, cashews.id);
      const sale = await sell(tokens.Staff, { items: [line(cashews, start + 3)], total_amount: Math.round((start + 3) * 2.5 * 1.1 * 100) / 100 });
      expect(sale.status).toBe(201);
      expect(await onHand(database, cashews.id)).toBe(-3);
      await receive(cashews.id, 5, 1.3);
      expect(await onHand(database, cashews.id)).toBe(2);
      await expectLedgerConsistent(database);
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/general', general);
    }
  });
  it('loses no update when 100 tills sell past zero at once under the allow policy', async () => {
    const general = (await call(tokens.Staff, 'GET', '/api/settings')).body.data.general;
    await call(tokens.Admin, 'PUT', '/api/settings/general', { ...general, allowNegativeStock: true });
    try {
      const product = (await call(tokens.Manager, 'POST', '/api/products', {
        name: 'Owed Bun',
        sku: `OWED-${dbKind}`,
        category_id: croissant.category_id,
        unit_id: croissant.unit_id,
        price: 1,
        active: true,
      })).body.data;
      await receive(product.id, 50, 0.5);
      const movementsBefore = await count('stock_movements');
      const results = await Promise.all(Array.from({ length: 100 }, () => sell(tokens.Staff, { items: [line(product, 1)], total_amount: 1.1 })));
      expect(results.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
      expect(await onHand(database, product.id)).toBe(-50);
      expect(await count('stock_movements')).toBe(movementsBefore + 100);
      await expectLedgerConsistent(database);
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/general', general);
    }
  });
});

describe(`retries (${dbKind})`, () => {
  const body = () => ({ items: [line(cola, 1)], total_amount: 0.83, sale_date: '2026-11-21T03:00:00.000Z' });

  it('replays the first answer for a repeated key and refuses the key with another body', async () => {
    const before = await count('sales');
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await sell(tokens.Staff, body(), `retry-key-${dbKind}-1`));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers.map((a) => a.replayed)).toEqual([false, true, true, true, true]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(await count('sales')).toBe(before + 1);

    const other = await sell(tokens.Staff, { ...body(), items: [line(cola, 2)], total_amount: 1.65 }, `retry-key-${dbKind}-1`);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different sale. Use a new key for a new sale.');
    expect(await count('sales')).toBe(before + 1);
  });

  it('refuses two Idempotency-Key headers with 400 rather than joining them into one key', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const before = await count('sales');
    const payload = JSON.stringify({ payment_method: 'Cash', ...body() });
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/sales',
          // Node sends an array as one header line per value, as a confused client would.
          headers: { ...bearer(tokens.Staff), 'content-type': 'application/json', 'idempotency-key': [`twice-a-${dbKind}`, `twice-b-${dbKind}`] },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      message: 'Send one Idempotency-Key header, not several.',
      errors: { 'idempotency-key': ['Send one Idempotency-Key header, not several.'] },
    });
    expect(await count('sales')).toBe(before);
  });

  it('records one sale for 5 parallel sends of one key', async () => {
    const before = await count('sales');
    const answers = await Promise.all(Array.from({ length: 5 }, () => sell(tokens.Staff, body(), `retry-key-${dbKind}-2`)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length + answers.filter((a) => a.status === 409).length).toBe(5);
    expect(new Set(created.map((a) => a.body.data.id)).size).toBe(1);
    expect(await count('sales')).toBe(before + 1);
  });

  it('still honours a key 72 hours later, and a refused sale stores no answer', async () => {
    const first = await sell(tokens.Staff, body(), `retry-key-${dbKind}-3`);
    clock.advance(72 * 60 * 60 * 1000);
    try {
      // The till's session has run out by then (12 hours idle): the cashier signs in again and retries.
      const later = await sell(await signInAs(app, 'staff@demo.shop'), body(), `retry-key-${dbKind}-3`);
      expect(later.replayed).toBe(true);
      expect(later.body.data.id).toBe(first.body.data.id);
    } finally {
      clock.advance(-72 * 60 * 60 * 1000);
    }
    const keys = await count('idempotency_keys');
    const short = await sell(tokens.Staff, { ...body(), tendered: 0.5 }, `retry-key-${dbKind}-4`);
    expect(short.status).toBe(422);
    expect(await count('idempotency_keys')).toBe(keys);
    const fixed = await sell(tokens.Staff, { ...body(), tendered: 1 }, `retry-key-${dbKind}-4`);
    expect(fixed.status).toBe(201);
  });

  it('forgets a key a week on, once a later sale has been answered', async () => {
    const old = `retry-key-${dbKind}-old`;
    expect((await sell(tokens.Staff, body(), old)).status).toBe(201);
    const held = async () => (await database.db.selectFrom('idempotency_keys').select('key').where('key', '=', old).execute()).length;
    expect(await held()).toBe(1);
    clock.advance(8 * 24 * 60 * 60 * 1000);
    try {
      const later = await sell(await signInAs(app, 'staff@demo.shop'), body(), `retry-key-${dbKind}-after-a-week`);
      expect(later.status).toBe(201);
      expect(await held()).toBe(0);
    } finally {
      clock.advance(-8 * 24 * 60 * 60 * 1000);
    }
  });

  it('numbers sales without gaps, refused ones included', async () => {
    const numbers = (await sql<{ number: number }>`select number from sales order by number`.execute(database.db)).rows.map((r) => Number(r.number));
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });
});

describe(`sales list and refunds (${dbKind})`, () => {
  it('lists newest first with totals over the whole filtered set; Staff see only their own', async () => {
    const managerSale = await sell(tokens.Manager, { items: [line(latte, 1)], total_amount: 2.2, payment_method: 'Card', notes: 'table 4' });
    expect(managerSale.status).toBe(201);
    const all = await call(tokens.Manager, 'GET', '/api/sales?per_page=2');
    expect(all.status).toBe(200);
    expect(all.body.data[0].id).toBe(managerSale.body.data.id);
    expect(all.body.data).toHaveLength(2);
    const sums = await sql<{ n: number; net: number }>`select count(*) as n, sum(total_cents) as net from sales`.execute(database.db);
    expect(all.body.meta.total).toBe(Number(sums.rows[0]!.n));
    expect(all.body.meta.totals.net).toBe(Number(sums.rows[0]!.net) / 100);

    const staff = await call(tokens.Staff, 'GET', '/api/sales?per_page=1000');
    expect(staff.body.data.every((sale: { cashier: { name: string } }) => sale.cashier.name === 'Staff Demo')).toBe(true);
    expect((await call(tokens.Staff, 'GET', `/api/sales/${managerSale.body.data.id}`)).status).toBe(404);

    const card = await call(tokens.Manager, 'GET', '/api/sales?payment=card&q=table');
    expect(card.body.data.map((s: { id: number }) => s.id)).toEqual([managerSale.body.data.id]);
    const byCode = await call(tokens.Manager, 'GET', `/api/sales?q=${managerSale.body.data.code}`);
    expect(byCode.body.data.map((s: { id: number }) => s.id)).toEqual([managerSale.body.data.id]);
    expect((await call(tokens.Manager, 'GET', '/api/sales?from=2026-11-22')).body.meta.total).toBe(0);
    expect((await call(tokens.Manager, 'GET', '/api/sales?from=2026-11-22&to=2026-11-01')).status).toBe(422);
    expect((await call(tokens.Manager, 'GET', '/api/sales?status=Lost')).status).toBe(422);
  });

  it('refunds one line with its share of tax, restocks it, then the rest, adding up to the total', async () => {
    // 2 croissants (3.60) + 1 cola (0.75) = 4.35, tax 0.44, total 4.79.
    const sale = (await sell(tokens.Staff, { items: [line(croissant, 2), line(cola, 1)], total_amount: 4.79 })).body.data;
    const croissantLine = sale.items[0];
    const stockBefore = await onHand(database, croissant.id);
    expect((await call(tokens.Staff, 'POST', `/api/sales/${sale.id}/refunds`, {})).status).toBe(403);

    const over = await call(tokens.Manager, 'POST', `/api/sales/${sale.id}/refunds`, { items: [{ sale_item_id: croissantLine.id, quantity: 3 }] });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ 'items.0.quantity': ['Only 2 of Butter Croissant can still be refunded.'] });

    const first = await call(tokens.Manager, 'POST', `/api/sales/${sale.id}/refunds`, { items: [{ sale_item_id: croissantLine.id, quantity: 1 }], reason: 'Dropped' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe('Refund recorded');
    // The croissant line's share of 4.79 is round(4.79 × 3.60 / 4.35) = 3.96; one of two is 1.98.
    expect(first.body.refund).toMatchObject({ code: 'RF-000001', amount: 1.98 });
    // Partial means partly unpaid; a partly refunded sale stays Paid, its refunded amount says what went back.
    expect(first.body.data).toMatchObject({ status: 'Paid', refunded: 1.98 });
    expect(await onHand(database, croissant.id)).toBe(stockBefore + 1);

    const rest = await call(tokens.Manager, 'POST', `/api/sales/${sale.id}/refunds`, {});
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({ status: 'Refunded', refunded: 4.79 });
    expect(rest.body.data.refunds).toHaveLength(2);
    expect(await onHand(database, croissant.id)).toBe(stockBefore + 2);
    expect((await call(tokens.Manager, 'POST', `/api/sales/${sale.id}/refunds`, {})).status).toBe(409);
    await expectLedgerConsistent(database);

    const refunded = await call(tokens.Manager, 'GET', '/api/sales?status=Refunded');
    expect(refunded.body.data.map((s: { id: number }) => s.id)).toContain(sale.id);
  });

  it('never edits or deletes a sale', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await app.inject({ method, url: '/api/sales/1', headers: bearer(tokens.Admin), payload: method === 'PUT' ? {} : undefined })).statusCode).toBe(404);
    }
  });
});

describe(`history is kept (${dbKind})`, () => {
  it('refuses to delete a product that has sales or stock, and says to deactivate it', async () => {
    const response = await call(tokens.Manager, 'DELETE', `/api/products/${latte.id}`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('This product has stock or sales on record, so it cannot be deleted. Deactivate it instead.');
    expect((await call(tokens.Manager, 'GET', `/api/products/${latte.id}`)).status).toBe(200);
  });
});

describe(`the till's catalogue (${dbKind})`, () => {
  it('lists active products with stock and the best promotion of the day, for every role', async () => {
    const response = await call(tokens.Staff, 'GET', '/api/pos/catalog');
    expect(response.status).toBe(200);
    const { products, categories, today } = response.body.data;
    expect(today).toBe('2026-11-21');
    expect(categories.map((c: { name: string }) => c.name)).toContain('Coffee');
    const byId = new Map(products.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(latte.id)).toMatchObject({ sku: 'COF-005', price: 2.5, discount_percent: 20, promotion: 'Latte week', track_stock: false });
    expect(byId.get(cola.id)).toMatchObject({ track_stock: true, stock: await onHand(database, cola.id), discount_percent: 0, promotion: null });

    await call(tokens.Manager, 'PUT', `/api/products/${cola.id}`, { ...cola, active: false });
    try {
      const after = (await call(tokens.Staff, 'GET', '/api/pos/catalog')).body.data.products;
      expect(after.some((p: { id: number }) => p.id === cola.id)).toBe(false);
    } finally {
      await call(tokens.Manager, 'PUT', `/api/products/${cola.id}`, { ...cola, active: true });
    }
  });
});
