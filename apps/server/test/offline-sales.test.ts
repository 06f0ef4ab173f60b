import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '@shop/contracts/approval';
import { OFFLINE_MESSAGES } from '@shop/contracts/offline-sale';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { startFakePrinter } from '@shop/print/testing/fake-printer';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';
import { expectLedgerConsistent } from './support/ledger';

/*
 * Sales made while the till was offline (docs/decisions/0016-offline-selling.md): recorded once,
 * as the till made them, with what differs listed for review.
 * The test clock starts on 2026-11-21 03:00 UTC (10:00 in Phnom Penh); the shop's tax is 10 %, on top.
 */
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

type Product = { id: number; name: string; sku: string; price: number; category_id: number; unit_id: number; barcode: string | null; track_stock: boolean; reorder_level: number; active: boolean };
const product = async (sku: string): Promise<Product> => (await call(tokens.Manager, 'GET', `/api/products?q=${sku}`)).body.data[0];
const stockOf = async (sku: string): Promise<number> => (await call(tokens.Manager, 'GET', `/api/products?q=${sku}&include=stock`)).body.data[0].stock;
const updateProduct = async (p: Product, changes: Partial<Product> & { modifier_group_ids?: number[] }) => {
  const body = { name: p.name, sku: p.sku, barcode: p.barcode, category_id: p.category_id, unit_id: p.unit_id, price: p.price, track_stock: p.track_stock, reorder_level: p.reorder_level, active: p.active, ...changes };
  const response = await call(tokens.Manager, 'PUT', `/api/products/${p.id}`, body);
  if (response.status !== 200) throw new Error(`product: ${response.status} ${JSON.stringify(response.body)}`);
};

const latte = await product('COF-005'); // $2.50, made to order
const icedLatte = await product('COF-006'); // $2.75, made to order
const croissant = await product('BAK-001'); // $1.80, tracked
const muffin = await product('BAK-004'); // $1.80, tracked
const cola = await product('SNK-002'); // $0.75, tracked
const tea = await product('TEA-004');
await call(tokens.Manager, 'POST', '/api/stocks', { product_id: croissant.id, quantity: 50, price_in: 0.8 });
await call(tokens.Manager, 'POST', '/api/stocks', { product_id: muffin.id, quantity: 3, price_in: 0.7 });
await call(tokens.Manager, 'POST', '/api/stocks', { product_id: cola.id, quantity: 40, price_in: 0.38 });

/** The shop's settings as the till had them when it lost the network. */
const TILL_TERMS = { tax_rate: 10, tax_inclusive: false, khr_per_usd: 4100, khr_change_per_usd: 4100, riel_step: 100 };
let receipt = 0;
const newClientId = () => crypto.randomUUID();

type Line = { product_id: number; quantity: number; unit_price: number; [key: string]: unknown };
const line = (p: { id: number; price: number }, quantity: number, extra: Record<string, unknown> = {}): Line => ({ product_id: p.id, quantity, unit_price: p.price, ...extra });

/** A sale as the till's outbox sends it: an hour ago unless said, card unless said. */
function offlineSale(items: Line[], total: number, extra: Record<string, unknown> = {}, offline: Record<string, unknown> = {}) {
  receipt += 1;
  return {
    sale_date: new Date(clock.now().getTime() - 3_600_000).toISOString(),
    items,
    total_amount: total,
    payments: [{ method: 'card', currency: 'USD', amount: total }],
    ...extra,
    offline: { client_id: newClientId(), number: `T1-${String(receipt).padStart(4, '0')}`, ...TILL_TERMS, ...offline },
  };
}
type OfflineBody = ReturnType<typeof offlineSale>;

async function send(token: string, body: OfflineBody | Record<string, unknown>, key: string | null = (body as OfflineBody).offline?.client_id ?? null) {
  const response = await app.inject({ method: 'POST', url: '/api/sales', headers: { ...bearer(token), ...(key === null ? {} : { 'idempotency-key': key }) }, payload: body });
  return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] === 'true' };
}

const count = async (table: 'sales' | 'sale_items' | 'sale_payments' | 'stock_movements' | 'offline_flags' | 'print_jobs' | 'kitchen_tickets') =>
  Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ sales: await count('sales'), payments: await count('sale_payments'), movements: await count('stock_movements'), flags: await count('offline_flags') });
const review = async (token: string, query = '') => call(token, 'GET', `/api/sales/offline-review${query}`);
type Flag = { kind: string; sale_id: number; [key: string]: unknown };
const flagsOf = async (saleId: number): Promise<Flag[]> => (await review(tokens.Manager, '?per_page=100')).body.data.filter((flag: Flag) => flag.sale_id === saleId);

describe(`offline sales are recorded once (${dbKind})`, () => {
  it('records an offline sale with its receipt number and id; the same id again, from the same or another user, answers the one sale', async () => {
    // Two lattes: 5.00 + tax 0.50.
    const body = offlineSale([line(latte, 2)], 5.5);
    const first = await send(tokens.Staff, body);
    expect(first.status).toBe(201);
    expect(first.replayed).toBe(false);
    expect(first.body.data).toMatchObject({ offline: { client_id: body.offline.client_id, number: body.offline.number }, sale_date: body.sale_date, total: 5.5, cashier: { name: 'Staff Demo' } });

    const again = await send(tokens.Staff, body);
    expect(again).toMatchObject({ status: 201, replayed: true, body: { message: first.body.message, data: { id: first.body.data.id, code: first.body.data.code } } });
    // Another user's session sends it from the till's outbox: the same sale, not a second one and not a refusal.
    const byManager = await send(tokens.Manager, body);
    expect(byManager).toMatchObject({ status: 201, replayed: true, body: { data: { id: first.body.data.id, offline: { client_id: body.offline.client_id } } } });
    expect(Object.keys(byManager.body.data).sort()).toEqual(Object.keys(first.body.data).sort());

    const listed = (await call(tokens.Manager, 'GET', '/api/sales?per_page=100')).body.data.filter((sale: { offline: { client_id: string } | null }) => sale.offline?.client_id === body.offline.client_id);
    expect(listed).toHaveLength(1);
    // Online sales carry no offline part.
    const online = await send(tokens.Staff, { sale_date: clock.now().toISOString(), items: [line(latte, 1)], total_amount: 2.75, payment_method: 'Card' }, null);
    expect(online.body.data.offline).toBeNull();
  });

  it('answers the sale again after its key has expired, though the sale is then older than an offline sale may be', async () => {
    const body = offlineSale([line(latte, 1)], 2.75);
    const first = await send(tokens.Staff, body);
    expect(first.status).toBe(201);
    clock.advance(8 * 86_400_000);
    // A week on, the sessions have run out too.
    Object.assign(tokens, await demoTokens(app));
    // A later keyed sale clears keys older than 7 days.
    expect((await send(tokens.Staff, offlineSale([line(latte, 1)], 2.75))).status).toBe(201);
    const keys = Number((await database.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll<number>().as('n')).where('key', '=', body.offline.client_id).executeTakeFirstOrThrow()).n);
    expect(keys).toBe(0);
    const late = await send(tokens.Manager, body);
    expect(late).toMatchObject({ status: 201, replayed: true, body: { data: { id: first.body.data.id } } });
  });

  it('keeps one sale, one set of payments and one set of stock movements when six copies arrive at once from two users', async () => {
    // Four croissants: 7.20 + tax 0.72.
    const body = offlineSale([line(croissant, 4)], 7.92);
    const answers = await Promise.all([tokens.Staff, tokens.Manager, tokens.Staff, tokens.Manager, tokens.Staff, tokens.Staff].map((token) => send(token, body)));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    const saleId = answers[0]!.body.data.id as number;
    const sales = await database.db.selectFrom('sales').select('id').where('client_id', '=', body.offline.client_id).execute();
    expect(sales).toEqual([{ id: saleId }]);
    expect(await database.db.selectFrom('sale_payments').select('amount_cents').where('sale_id', '=', saleId).execute()).toEqual([{ amount_cents: 792 }]);
    const movements = await database.db.selectFrom('stock_movements').select('quantity').where('reference_type', '=', 'sale').where('reference_id', '=', saleId).execute();
    expect(movements.reduce((sum, m) => sum + m.quantity, 0)).toBe(-4);
    // Whatever path a copy took, the database holds one sale per offline id.
    const other = await database.db.selectFrom('sales').select('id').where('client_id', 'is', null).executeTakeFirstOrThrow();
    await expect(database.db.updateTable('sales').set({ client_id: body.offline.client_id }).where('id', '=', other.id).execute()).rejects.toThrow();
    await expectLedgerConsistent(database);
  });

  it('answers with the sale its online attempt recorded when the till, hearing nothing back, sends it again as offline under the same key', async () => {
    const body = offlineSale([line(latte, 1)], 2.75);
    const { offline: _offline, ...online } = body;
    const attempt = await send(tokens.Staff, { ...online, payments: undefined, payment_method: 'Card' }, body.offline.client_id);
    expect(attempt.status).toBe(201);
    const before = await counts();
    const kept = await send(tokens.Staff, body);
    expect(kept).toMatchObject({ status: 201, replayed: true, body: { data: { id: attempt.body.data.id } } });
    expect(await counts()).toEqual(before);
  });

  it('asks for the offline id as the Idempotency-Key, and writes nothing without it', async () => {
    const before = await counts();
    const body = offlineSale([line(latte, 1)], 2.75);
    for (const key of ['another-key-12345678', null]) {
      const refused = await send(tokens.Staff, body, key);
      expect(refused).toMatchObject({ status: 422, body: { message: OFFLINE_MESSAGES.needsOfflineId, errors: { 'idempotency-key': [OFFLINE_MESSAGES.needsOfflineId] } } });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an offline sale more than 7 days old, and records one 3 days old on its own day', async () => {
    const before = await counts();
    const old = offlineSale([line(latte, 1)], 2.75, { sale_date: new Date(clock.now().getTime() - 8 * 86_400_000).toISOString() });
    expect(await send(tokens.Staff, old)).toMatchObject({ status: 422, body: { errors: { sale_date: [OFFLINE_MESSAGES.tooOld] } } });
    expect(await counts()).toEqual(before);

    const instant = new Date(clock.now().getTime() - 3 * 86_400_000);
    const recent = offlineSale([line(croissant, 1)], 1.98, { sale_date: instant.toISOString() });
    const recorded = await send(tokens.Staff, recent);
    expect(recorded.status).toBe(201);
    // Phnom Penh is UTC+7.
    const day = new Date(instant.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(recorded.body.data).toMatchObject({ sale_date: instant.toISOString(), business_date: day });
    expect(recorded.body.data.payments[0].business_date).toBe(day);
    const movement = await database.db.selectFrom('stock_movements').select('business_date').where('reference_id', '=', recorded.body.data.id).where('reference_type', '=', 'sale').executeTakeFirstOrThrow();
    expect(movement.business_date).toBe(day);

    // An online sale keeps its month.
    const onlineOld = await send(tokens.Staff, { sale_date: old.sale_date, items: [line(latte, 1)], total_amount: 2.75, payment_method: 'Card' }, null);
    expect(onlineOld.status).toBe(201);
  });
});

describe(`offline sales as the till made them (${dbKind})`, () => {
  it('sells the last 3 units twice: both recorded, on hand −3, the shortage flagged and told to managers', async () => {
    // Three muffins: 5.40 + tax 0.54.
    const first = await send(tokens.Staff, offlineSale([line(muffin, 3)], 5.94));
    const second = await send(tokens.Staff, offlineSale([line(muffin, 3)], 5.94, {}, { number: 'T2-0001' }));
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await stockOf(muffin.sku)).toBe(-3);
    await expectLedgerConsistent(database);

    expect(await flagsOf(first.body.data.id)).toEqual([]);
    expect(await flagsOf(second.body.data.id)).toEqual([
      expect.objectContaining({ kind: 'short_stock', offline_number: 'T2-0001', sale_code: second.body.data.code, product: { id: muffin.id, name: muffin.name, sku: muffin.sku }, quantity: 3, on_hand_after: -3, till_price: null }),
    ]);
    const notices = (await call(tokens.Manager, 'GET', '/api/notifications')).body.data.filter((n: { kind: string }) => n.kind === 'offline_short_stock');
    expect(notices).toEqual([expect.objectContaining({ body: OFFLINE_MESSAGES.notification(3, muffin.name, -3), params: { product: muffin.name, sku: muffin.sku, quantity: 3, on_hand: -3 }, read: false })]);
    const staffNotices = (await call(tokens.Staff, 'GET', '/api/notifications')).body.data.filter((n: { kind: string }) => n.kind === 'offline_short_stock');
    expect(staffNotices).toEqual([]);
  });

  it('keeps the till’s price and total when the price changed since, and lists the difference for review (not for Staff)', async () => {
    await updateProduct(cola, { price: 0.9 });
    // Four colas at the till's 0.75: 3.00 + tax 0.30.
    const sold = await send(tokens.Staff, offlineSale([line(cola, 4)], 3.3));
    expect(sold.status).toBe(201);
    expect(sold.body.data).toMatchObject({ gross: 3, tax: 0.3, total: 3.3 });
    expect(sold.body.data.items[0]).toMatchObject({ unit_price: 0.75, line_total: 3 });

    const listed = await review(tokens.Manager, '?kind=price');
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({
      kind: 'price',
      sale_id: sold.body.data.id,
      sale_code: sold.body.data.code,
      product: { id: cola.id, sku: cola.sku },
      quantity: 4,
      till_price: 0.75,
      catalogue_price: 0.9,
      difference: -0.6,
      cashier: { name: 'Staff Demo' },
    });
    expect(listed.body.data.every((flag: Flag) => flag.kind === 'price')).toBe(true);
    expect((await review(tokens.Staff)).status).toBe(403);
    // An online sale at the old price is still told the new one.
    const online = await send(tokens.Staff, { sale_date: clock.now().toISOString(), items: [line(cola, 1)], total_amount: 0.83, payment_method: 'Card' }, null);
    expect(online).toMatchObject({ status: 409, body: { prices: [{ product_id: cola.id, unit_price: 0.9 }] } });
  });

  it('prices options and promotions as the till did, naming the promotion only when the percent is its own', async () => {
    const group = await call(tokens.Manager, 'POST', '/api/modifier-groups', { name: 'Milk', selection: 'single', options: [{ name: 'Oat milk', price: 0.5, is_default: false }] });
    expect(group.status).toBe(201);
    const oat = group.body.data.options[0].id as number;
    await updateProduct(icedLatte, { modifier_group_ids: [group.body.data.id] });
    const promotion = await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Iced week', product_id: icedLatte.id, discount: 10, active: true });
    expect(promotion.status).toBe(201);

    // The till: 2.75 + oat at its 0.40 = 3.15, less 10 % (0.32) = 2.83; ×2 = 5.66, tax 0.57: 6.23.
    const sold = await send(tokens.Staff, offlineSale([line(icedLatte, 2, { modifiers: [oat], option_prices: [{ option_id: oat, price: 0.4 }], promotion_percent: 10 })], 6.23));
    expect(sold.status).toBe(201);
    expect(sold.body.data.items[0]).toMatchObject({ unit_price: 3.15, discount_percent: 10, promotion_id: promotion.body.data.id, modifiers: [expect.objectContaining({ name: 'Oat milk', price: 0.4 })] });
    // The catalogue: 2.75 + 0.50 = 3.25, less 10 % (0.33) = 2.92: 0.09 a cup more than the till took, 0.18 in all.
    expect(await flagsOf(sold.body.data.id)).toEqual([expect.objectContaining({ kind: 'price', quantity: 2, till_price: 2.83, catalogue_price: 2.92, difference: -0.18 })]);

    // Another percent than the promotion's: the line names none. 2.75 less 5 % (0.14) = 2.61, tax 0.26: 2.87.
    const other = await send(tokens.Staff, offlineSale([line(icedLatte, 1, { modifiers: [], promotion_percent: 5 })], 2.87));
    expect(other.status).toBe(201);
    expect(other.body.data.items[0]).toMatchObject({ discount_percent: 5, promotion_id: null });
    // Without a percent, the day's best promotion: 2.75 less 10 % (0.28) = 2.47, tax 0.25: 2.72.
    const none = await send(tokens.Staff, offlineSale([line(icedLatte, 1, { modifiers: [] })], 2.72));
    expect(none.body.data.items[0]).toMatchObject({ discount_percent: 10, promotion_id: promotion.body.data.id });

    const stray = await send(tokens.Staff, offlineSale([line(icedLatte, 1, { modifiers: [], option_prices: [{ option_id: oat, price: 0.4 }] })], 2.72));
    expect(stray).toMatchObject({ status: 422, body: { errors: { 'items.0.option_prices': [OFFLINE_MESSAGES.optionPriceStray] } } });
  });

  it('takes riel at the till’s rate when the shop’s rate has changed since, and keeps the till’s tax when the shop turned it off', async () => {
    await call(tokens.Admin, 'PUT', '/api/settings/payments', { ...DEFAULT_SETTINGS.payments, khrPerUsd: 4200 });
    await call(tokens.Admin, 'PUT', '/api/settings/taxes', { enabled: false, inclusive: false, rate: 10 });
    try {
      // Two lattes 5.50 with tax: ៛22,000 at the till's 4,000 (at the shop's 4,200 it would be short).
      const body = offlineSale([line(latte, 2)], 5.5, { payments: [{ method: 'cash', currency: 'KHR', amount: 22_000 }] }, { khr_per_usd: 4000, khr_change_per_usd: 4000 });
      const sold = await send(tokens.Staff, body);
      expect(sold.status).toBe(201);
      expect(sold.body.data).toMatchObject({ khr_per_usd: 4000, khr_change_per_usd: 4000, riel_step: 100, tax_enabled: true, tax_rate: 10, tax: 0.5, total: 5.5, paid: 5.5, change: 0, status: 'Paid' });
      expect(sold.body.data.payments).toEqual([expect.objectContaining({ method_key: 'cash', currency: 'KHR', amount: 22_000, value: 5.5 })]);
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/payments', DEFAULT_SETTINGS.payments);
      await call(tokens.Admin, 'PUT', '/api/settings/taxes', { enabled: true, inclusive: false, rate: 10 });
    }
  });

  it('refuses a total the till’s figures do not give (422, nothing written), and records a product taken off sale since', async () => {
    const before = await counts();
    const wrong = await send(tokens.Staff, offlineSale([line(latte, 2)], 5));
    expect(wrong).toMatchObject({ status: 422, body: { errors: { total_amount: [OFFLINE_MESSAGES.totalMismatch] } } });
    expect(await counts()).toEqual(before);

    await updateProduct(tea, { active: false });
    const total = Math.round(tea.price * 110) / 100;
    const sold = await send(tokens.Staff, offlineSale([line(tea, 1)], total));
    expect(sold.status).toBe(201);
    expect(sold.body.data.items[0]).toMatchObject({ product_id: tea.id, unit_price: tea.price });
    const online = await send(tokens.Staff, { sale_date: clock.now().toISOString(), items: [line(tea, 1)], total_amount: total, payment_method: 'Card' }, null);
    expect(online.status).toBe(409);
  });

  it('still refuses what the cashier may not do alone, and payments short at the till’s rate, writing nothing', async () => {
    const before = await counts();
    const customer = (await call(tokens.Manager, 'POST', '/api/customers', { name: 'Offline Regular', email: 'regular@example.com' })).body.data;
    const onAccount = await send(tokens.Staff, offlineSale([line(latte, 2)], 5.5, { customer_id: customer.id, on_account: true, payments: [{ method: 'card', currency: 'USD', amount: 1 }] }));
    expect(onAccount.status).toBe(403);
    const discounted = await send(tokens.Staff, offlineSale([line(latte, 2, { discount: { type: 'percent', value: 50, reason: 'Friend' } })], 2.75));
    expect(discounted.status).toBe(403);
    const short = await send(tokens.Staff, offlineSale([line(latte, 2)], 5.5, { payments: [{ method: 'cash', currency: 'KHR', amount: 22_000 }] }, { khr_per_usd: 4100 }));
    expect(short).toMatchObject({ status: 422, body: { errors: { payments: expect.any(Array) } } });
    expect(await counts()).toEqual(before);
  });

  it('keeps the service charge and tax switch the till had, though the shop has changed them since: no approval asked, none refused', async () => {
    // The till had no service charge and tax off; the shop now adds 5 % and has tax on.
    await call(tokens.Admin, 'PUT', '/api/settings/service', { enabled: true, percent: 5, autoApply: true, maxPercent: 5 });
    try {
      const plain = offlineSale([line(latte, 2)], 5, { tax_enabled: false, service_percent: 0 }, { shop_service_percent: 0, shop_tax_enabled: false });
      const sold = await send(tokens.Staff, plain);
      expect(sold.status).toBe(201);
      expect(sold.body.data).toMatchObject({ service_percent: 0, service: 0, tax_enabled: false, tax: 0, total: 5, approved_by: null });
      // A sale an older till kept, without them, is held to the shop's settings now, as before.
      const older = offlineSale([line(latte, 2)], 5, { tax_enabled: false, service_percent: 0 });
      expect(await send(tokens.Staff, older)).toMatchObject({ status: 403, body: { message: APPROVAL_MESSAGES.overrideNeedsApproval } });

      // The till's own 8 % stands though the shop's largest is now 5 %; a percent the cashier changed does not.
      // Two lattes 5.00 + tax 0.50 + service 8 % 0.40.
      const tillDefault = await send(tokens.Staff, offlineSale([line(latte, 2)], 5.9, { service_percent: 8 }, { shop_service_percent: 8, shop_tax_enabled: true }));
      expect(tillDefault.status).toBe(201);
      expect(tillDefault.body.data).toMatchObject({ service_percent: 8, service: 0.4, total: 5.9 });
      const before = await counts();
      const typed = await send(tokens.Manager, offlineSale([line(latte, 2)], 5.95, { service_percent: 9 }, { shop_service_percent: 8 }));
      expect(typed).toMatchObject({ status: 422, body: { errors: { service_percent: [APPROVAL_MESSAGES.serviceOverMax] } } });
      const lowered = await send(tokens.Staff, offlineSale([line(latte, 2)], 5.6, { service_percent: 2 }, { shop_service_percent: 8 }));
      expect(lowered).toMatchObject({ status: 403, body: { message: APPROVAL_MESSAGES.overrideNeedsApproval } });
      expect(await counts()).toEqual(before);
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/service', DEFAULT_SETTINGS.service);
    }
  });

  it('refuses the till’s service charge and tax switch when they are not a percent and true or false (422, nothing written)', async () => {
    const before = await counts();
    const tooMuch = await send(tokens.Staff, offlineSale([line(latte, 2)], 5.5, {}, { shop_service_percent: 150 }));
    expect(tooMuch).toMatchObject({ status: 422, body: { errors: { 'offline.shop_service_percent': [expect.stringContaining('between 0 and 100')] } } });
    const words = await send(tokens.Staff, offlineSale([line(latte, 2)], 5.5, {}, { shop_service_percent: 'ten', shop_tax_enabled: 'yes' }));
    expect(words.status).toBe(422);
    expect(Object.keys(words.body.errors).sort()).toEqual(['offline.shop_service_percent', 'offline.shop_tax_enabled']);
    expect(await counts()).toEqual(before);
  });

  it('takes a payment method switched off since, and KHQR with its account cleared; a method the shop never had is still refused', async () => {
    const { payments, khqr } = (await call(tokens.Admin, 'GET', '/api/settings')).body.data;
    // Both were in use at the till; since then card is switched off, KHQR too, and its Bakong account cleared.
    const offNow = payments.methods.map((m: { key: string }) => (m.key === 'card' || m.key === 'khqr' ? { ...m, enabled: false } : m));
    try {
      expect((await call(tokens.Admin, 'PUT', '/api/settings/payments', { ...payments, methods: offNow })).status).toBe(200);
      expect((await call(tokens.Admin, 'PUT', '/api/settings/khqr', { ...khqr, accountId: '' })).status).toBe(200);
      const byCard = await send(tokens.Staff, offlineSale([line(latte, 2)], 5.5));
      expect(byCard.status).toBe(201);
      expect(byCard.body.data.payments).toEqual([expect.objectContaining({ method_key: 'card', method: 'Card', value: 5.5 })]);
      const proof = { md5: 'a'.repeat(32), bill_number: 'T1-KHQR' };
      const byQr = await send(tokens.Staff, offlineSale([line(latte, 1)], 2.75, { payments: [{ method: 'KHQR', currency: 'USD', amount: 2.75, khqr: proof }] }));
      expect(byQr.status).toBe(201);
      expect(byQr.body.data.payments).toEqual([expect.objectContaining({ method_key: 'khqr', khqr: { md5: proof.md5, bill_number: proof.bill_number } })]);

      const before = await counts();
      const unknown = await send(tokens.Staff, offlineSale([line(latte, 1)], 2.75, { payments: [{ method: 'bitcoin', currency: 'USD', amount: 2.75 }] }));
      expect(unknown).toMatchObject({ status: 422, body: { errors: { 'payments.0.method': [expect.stringContaining('Choose one of the payment methods')] } } });
      // Online, the switched-off method is refused as ever.
      const online = await send(tokens.Staff, { sale_date: clock.now().toISOString(), items: [line(latte, 1)], total_amount: 2.75, payments: [{ method: 'card', currency: 'USD', amount: 2.75 }] }, null);
      expect(online).toMatchObject({ status: 422, body: { errors: { 'payments.0.method': [expect.any(String)] } } });
      expect(await counts()).toEqual(before);
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/payments', payments);
      await call(tokens.Admin, 'PUT', '/api/settings/khqr', khqr);
    }
  });

  it('records a sale whose till has closed its shift since, though the shop requires one: in no shift, flagged', async () => {
    const till = (await call(tokens.Admin, 'POST', '/api/tills', { name: 'Terrace' })).body.data;
    const shift = await call(tokens.Staff, 'POST', '/api/shifts', { till_id: till.id, float: [{ currency: 'USD', amount: 0 }] });
    expect(shift.status).toBe(201);
    expect((await call(tokens.Staff, 'POST', `/api/shifts/${shift.body.data.id}/close`, { counted: [{ currency: 'USD', amount: 0 }, { currency: 'KHR', amount: 0 }] })).status).toBe(200);
    await call(tokens.Admin, 'PUT', '/api/settings/shifts', { ...DEFAULT_SETTINGS.shifts, required: true });
    try {
      const sold = await send(tokens.Staff, offlineSale([line(latte, 1)], 2.75, { till_id: till.id }));
      expect(sold.status).toBe(201);
      expect(sold.body.data).toMatchObject({ till: { id: till.id, name: 'Terrace' }, shift_id: null });
      const listed = (await review(tokens.Manager, '?kind=no_shift')).body.data;
      expect(listed[0]).toMatchObject({ kind: 'no_shift', sale_id: sold.body.data.id, till: { id: till.id, name: 'Terrace' }, product: null });
      const online = await send(tokens.Staff, { sale_date: clock.now().toISOString(), items: [line(latte, 1)], total_amount: 2.75, payment_method: 'Card', till_id: till.id }, null);
      expect(online).toMatchObject({ status: 409, body: { code: 'shift_required' } });
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/shifts', DEFAULT_SETTINGS.shifts);
    }
  });

  it('queues no receipt, drawer pulse or kitchen ticket for an offline sale at a till that prints them', async () => {
    const printer = await startFakePrinter();
    afterAll(() => printer.off());
    const printers = [{ id: 'counter', name: 'Counter printer', ip: printer.address, type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true }];
    expect((await call(tokens.Admin, 'PUT', '/api/settings/printers', { default: 'counter', list: printers, label: { width: 50, height: 30 } })).status).toBe(200);
    expect((await call(tokens.Admin, 'PUT', '/api/settings/kitchen', { stations: ['Bar'], routes: [{ category_id: latte.category_id, station: 'Bar' }] })).status).toBe(200);
    const till = (await call(tokens.Admin, 'POST', '/api/tills', { name: 'Printing counter', printer_id: 'counter', auto_print: true })).body.data;
    try {
      const cash = (total: number) => ({ till_id: till.id, payments: [{ method: 'cash', currency: 'USD', amount: total }] });
      const online = await send(tokens.Staff, { sale_date: clock.now().toISOString(), items: [line(latte, 1)], total_amount: 2.75, ...cash(2.75) }, null);
      expect(online.status).toBe(201);
      const jobsFor = async (saleId: number) => Number((await database.db.selectFrom('print_jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('sale_id', '=', saleId).executeTakeFirstOrThrow()).n);
      const ticketsFor = async (saleId: number) => Number((await database.db.selectFrom('kitchen_tickets').select((eb) => eb.fn.countAll<number>().as('n')).where('sale_id', '=', saleId).executeTakeFirstOrThrow()).n);
      expect(await jobsFor(online.body.data.id)).toBe(1);
      expect(await ticketsFor(online.body.data.id)).toBe(1);

      const offline = await send(tokens.Staff, offlineSale([line(latte, 1)], 2.75, cash(2.75)));
      expect(offline.status).toBe(201);
      expect(await jobsFor(offline.body.data.id)).toBe(0);
      expect(await ticketsFor(offline.body.data.id)).toBe(0);
      // The journal and audit log have it as any sale.
      const audit = await database.db.selectFrom('audit_log').select('after').where('entity', '=', 'sale').where('entity_id', '=', String(offline.body.data.id)).executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after!).offline).toEqual({ client_id: offline.body.data.offline.client_id, number: offline.body.data.offline.number });
      expect((await call(tokens.Admin, 'GET', '/api/journal/verify')).body.data).toMatchObject({ ok: true });
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/kitchen', DEFAULT_SETTINGS.kitchen);
      await call(tokens.Admin, 'PUT', '/api/settings/printers', DEFAULT_SETTINGS.printers);
    }
  });
});
