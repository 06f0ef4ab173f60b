import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app } = await createTestApp({ seedDemo: true });
const tokens = await demoTokens(app);
const call = caller(app);

describe(`shop settings (${dbKind})`, () => {
  it('starts from the defaults of the spec, readable by every role', async () => {
    const response = await call(tokens.Staff, 'GET', '/api/settings');
    expect(response.status).toBe(200);
    expect(response.body.data.localization).toMatchObject({ currency: 'USD', locale: 'en-US', timezone: 'Asia/Phnom_Penh' });
    expect(response.body.data.taxes).toEqual({ enabled: true, inclusive: false, rate: 10 });
    expect(response.body.data.service).toMatchObject({ enabled: false, percent: 0 });
    expect(response.body.data.payments.methods).toEqual([
      { key: 'cash', label: 'Cash', enabled: true },
      { key: 'card', label: 'Card', enabled: true },
      { key: 'bank', label: 'Bank', enabled: false },
      { key: 'khqr', label: 'KHQR', enabled: false },
    ]);
    expect(response.body.data.payments).toMatchObject({ khrPerUsd: 4100, khrChangePerUsd: null, rielStep: 100 });
    expect(response.body.data.hours.days.find((d: { d: number }) => d.d === 0).closed).toBe(true);
    expect(response.body.data.hours.days.find((d: { d: number }) => d.d === 6)).toMatchObject({ open: '09:00', close: '15:00' });
  });

  it('saves one section at a time for Admins, keeping the others', async () => {
    const methods = [...DEFAULT_SETTINGS.payments.methods.map((m) => ({ ...m, enabled: m.key !== 'khqr' })), { key: 'custom-wing', label: 'Wing', enabled: true }];
    const payments = { ...DEFAULT_SETTINGS.payments, methods, khrPerUsd: 4000, khrChangePerUsd: 3900, rielStep: 500 };
    const saved = await call(tokens.Admin, 'PUT', '/api/settings/payments', payments);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ data: payments, message: 'Settings saved' });
    const after = (await call(tokens.Manager, 'GET', '/api/settings')).body.data;
    expect(after.payments.methods).toEqual(methods);
    expect(after.taxes).toEqual(DEFAULT_SETTINGS.taxes);
  });

  it('is Admin only to change, and validates every section with field errors', async () => {
    expect((await call(tokens.Manager, 'PUT', '/api/settings/taxes', { enabled: true, inclusive: false, rate: 5 })).status).toBe(403);
    const rate = await call(tokens.Admin, 'PUT', '/api/settings/taxes', { enabled: true, inclusive: false, rate: 120 });
    expect(rate.status).toBe(422);
    expect(rate.body.errors).toEqual({ rate: ['Tax rate must be between 0 and 100.'] });
    const none = await call(tokens.Admin, 'PUT', '/api/settings/payments', { ...DEFAULT_SETTINGS.payments, methods: [{ key: 'cash', label: 'Cash', enabled: false }] });
    expect(none.body.message).toBe('Keep at least one payment method enabled.');
    const hours = await call(tokens.Admin, 'PUT', '/api/settings/hours', {
      days: DEFAULT_SETTINGS.hours.days.map((d) => (d.d === 1 ? { ...d, open: '18:00', close: '08:00' } : d)),
    });
    expect(hours.status).toBe(422);
    expect(hours.body.errors['days.1.close']).toEqual(['Closing time must be after opening time.']);
    const printer = await call(tokens.Admin, 'PUT', '/api/settings/printers', { default: 'p9', list: [{ id: 'p1', name: 'Bar', ip: '192.168.1.50', type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true }], label: { width: 50, height: 30 } });
    expect(printer.body.errors).toEqual({ default: ['The default printer must be one of the printers.'] });
    expect((await call(tokens.Admin, 'PUT', '/api/settings/unknown', {})).status).toBe(404);
    const general = await call(tokens.Admin, 'PUT', '/api/settings/general', { ...DEFAULT_SETTINGS.general, name: '  ', email: 'nope' });
    expect(Object.keys(general.body.errors).sort()).toEqual(['email', 'name']);
  });

  it('drives the till: a new tax rate prices the next sale', async () => {
    await call(tokens.Admin, 'PUT', '/api/settings/taxes', { enabled: true, inclusive: false, rate: 5 });
    const latte = (await call(tokens.Staff, 'GET', '/api/products?q=COF-005')).body.data[0];
    const sale = await call(tokens.Staff, 'POST', '/api/sales', {
      sale_date: new Date('2026-11-21T03:00:00Z').toISOString(),
      payment_method: 'cash',
      items: [{ product_id: latte.id, quantity: 2, unit_price: 2.5 }],
      total_amount: 5.25,
    });
    expect(sale.status).toBe(201);
    expect(sale.body.data).toMatchObject({ tax_rate: 5, tax: 0.25, total: 5.25 });
  });
});

describe(`settings and the catalogue version within a transaction (${dbKind})`, () => {
  it('reads the settings once per transaction, sees a saved change on the next read, and shares them frozen', async () => {
    const { getSettings } = await import('../src/services/settings');
    const ctx = app.services;
    const before = await getSettings(ctx);
    expect(Object.isFrozen(before.general) || before.general === DEFAULT_SETTINGS.general).toBe(true);
    // A change saved through the API is what the next read finds (what was read is kept by its text, not for good).
    const saved = await caller(app)((await demoTokens(app)).Admin, 'PUT', '/api/settings/general', { ...before.general, name: 'Frozen Test Cafe' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await getSettings(ctx);
    expect(after.general.name).toBe('Frozen Test Cafe');
    expect(() => {
      (after.general as { name: string }).name = 'changed in place';
    }).toThrow(TypeError);

    await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      const first = await getSettings(tx);
      // Changed under the transaction's feet by itself: the transaction keeps the settings it read first.
      await trx.updateTable('settings').set({ value: JSON.stringify({ ...first.general, name: 'Second read' }) }).where('section', '=', 'general').execute();
      expect(await getSettings(tx)).toBe(first);
      getSettings.forget(tx);
      expect((await getSettings(tx)).general.name).toBe('Second read');
    });
  });

  it('takes one catalogue version per transaction, and a new one for each call outside', async () => {
    const { catalogChanged } = await import('../src/services/catalog-version');
    const ctx = app.services;
    const [inside, again] = await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      return [await catalogChanged(tx), await catalogChanged(tx)];
    });
    expect(again).toBe(inside);
    const next = await ctx.db.transaction().execute((trx) => catalogChanged({ ...ctx, db: trx }));
    expect(next).toBeGreaterThan(inside);
  });
});
