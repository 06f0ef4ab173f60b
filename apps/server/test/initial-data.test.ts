import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { ensureInitialData } from '../src/seed';
import { loadEnv } from '../src/plugins/env';
import { expectLedgerConsistent } from './support/ledger';
import { dbKind, freshDatabase, TestClock } from './support/test-app';

const count = async (db: Awaited<ReturnType<typeof freshDatabase>>['db'], table: 'users' | 'products' | 'categories' | 'units' | 'customers' | 'suppliers' | 'supplies') =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe(`first start (${dbKind})`, () => {
  it('seeds the demo cafe once: three accounts, a catalogue with prices, customers and suppliers', async () => {
    const database = await freshDatabase();
    afterAll(async () => {
      await database.db.destroy();
      await database.drop();
    });
    const clock = new TestClock();
    expect(await ensureInitialData({ db: database.db, kind: database.kind, clock }, { seedDemo: true })).toEqual({ seeded: 'demo' });
    const users = await database.db.selectFrom('users').select(['email', 'role']).orderBy('id').execute();
    expect(users).toEqual([
      { email: 'admin@demo.shop', role: 'Admin' },
      { email: 'manager@demo.shop', role: 'Manager' },
      { email: 'staff@demo.shop', role: 'Staff' },
    ]);
    expect(await count(database.db, 'categories')).toBe(5);
    expect(await count(database.db, 'units')).toBe(5);
    expect(await count(database.db, 'products')).toBeGreaterThanOrEqual(30);
    expect(await count(database.db, 'customers')).toBeGreaterThanOrEqual(3);
    expect(await count(database.db, 'suppliers')).toBeGreaterThanOrEqual(3);
    const prices = await database.db.selectFrom('products').select('price_cents').execute();
    expect(prices.every((p) => Number.isInteger(p.price_cents) && p.price_cents > 0)).toBe(true);

    // Stock comes in through the same supply service the console uses, so the ledger holds it.
    const tracked = await database.db.selectFrom('products').select(['sku', 'on_hand']).where('track_stock', '=', 1).execute();
    expect(tracked.every((p) => p.on_hand > 0)).toBe(true);
    expect(await count(database.db, 'supplies')).toBe(4);
    await expectLedgerConsistent(database);

    // One sale made offline at the front counter, at the muffins' price before today's: listed for review.
    const offline = await database.db.selectFrom('sales').select(['id', 'offline_number', 'total_cents', 'customer_name', 'shift_id']).where('client_id', 'is not', null).execute();
    expect(offline).toEqual([{ id: expect.any(Number), offline_number: 'T1-0001', total_cents: 407, customer_name: 'Sokha Chan', shift_id: expect.any(Number) }]);
    const flags = await database.db
      .selectFrom('offline_flags')
      .innerJoin('products', 'products.id', 'offline_flags.product_id')
      .select(['offline_flags.kind', 'products.sku', 'offline_flags.till_price_cents', 'offline_flags.catalogue_price_cents', 'offline_flags.difference_cents'])
      .where('offline_flags.sale_id', '=', offline[0]!.id)
      .execute();
    expect(flags).toEqual([{ kind: 'price', sku: 'BAK-004', till_price_cents: 160, catalogue_price_cents: 180, difference_cents: -40 }]);

    // A restart leaves an existing shop alone.
    expect(await ensureInitialData({ db: database.db, kind: database.kind, clock }, { seedDemo: true })).toEqual({ seeded: 'none' });
    expect(await count(database.db, 'users')).toBe(3);
  });

  it('with SEED_DEMO=false creates only the first Admin from the environment, who can sign in', async () => {
    const database = await freshDatabase();
    const clock = new TestClock();
    await expect(ensureInitialData({ db: database.db, kind: database.kind, clock }, { seedDemo: false })).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    const result = await ensureInitialData({ db: database.db, kind: database.kind, clock }, { seedDemo: false, adminEmail: 'Owner@Cafe.example', adminPassword: 'long-enough-1' });
    expect(result).toEqual({ seeded: 'admin', email: 'owner@cafe.example' });
    expect(await count(database.db, 'products')).toBe(0);

    const app = await buildApp({ database, clock, webDist: null, logLevel: 'silent' });
    afterAll(async () => {
      await app.close();
      await database.drop();
    });
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'owner@cafe.example', password: 'long-enough-1' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('Admin');
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, SEED_DEMO: true, DATA_DIR: './data' });
    expect(env.dataDir).toMatch(/\/data$/);
  });

  it('stops with a message naming every bad setting', () => {
    expect(() => loadEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres:\/\/[\s\S]*SEED_DEMO: must be true or false/,
    );
  });

  it('reads SEED_DEMO=false and a PostgreSQL URL', () => {
    const env = loadEnv({ SEED_DEMO: 'false', DATABASE_URL: 'postgres://u:p@localhost:5432/shop', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: '12345678' });
    expect(env.SEED_DEMO).toBe(false);
    expect(env.DATABASE_URL).toBe('postgres://u:p@localhost:5432/shop');
  });

  it('takes a PostgreSQL server for reports only beside DATABASE_URL', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://u:p@primary/shop', DATABASE_READ_URL: 'postgres://u:p@replica/shop' }).DATABASE_READ_URL).toBe('postgres://u:p@replica/shop');
    expect(() => loadEnv({ DATABASE_READ_URL: 'postgres://u:p@replica/shop' })).toThrow(/DATABASE_READ_URL: needs DATABASE_URL too/);
    expect(() => loadEnv({ DATABASE_URL: 'postgres://u:p@primary/shop', DATABASE_READ_URL: 'mysql://replica' })).toThrow(/DATABASE_READ_URL: must start with postgres:\/\//);
  });
});
