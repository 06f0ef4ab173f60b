import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@shop/contracts/api-key-scopes';
import { APPROVAL_MESSAGES } from '@shop/contracts/approval';
import { API_MESSAGES } from '@shop/contracts/http';
import { migrateToLatest, migrations } from '../src/db/migrate';
import { caller, createTestApp, dbKind, demoTokens, freshDatabase, signInAs } from './support/test-app';

/*
 * API keys (docs/decisions/0008-api-key-scopes-and-session-lifetimes.md): a key never manages
 * accounts, not even its owner's, and never goes past the scope it was made with.
 */
const { app, database, clock } = await createTestApp({ loginRateLimitPerMinute: 1000 });
const tokens = await demoTokens(app);
const call = caller(app);

async function makeKey(token: string, scope?: string, label = `Key ${Math.random().toString(36).slice(2, 8)}`) {
  const created = await call(token, 'POST', '/api/profile/api-keys', scope === undefined ? { label } : { label, scope });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: number; key: string; scope: string };
}

const count = async (table: 'sales' | 'products' | 'customers' | 'audit_log') =>
  Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

const latte = (await call(tokens.Manager, 'GET', '/api/products?q=COF-005')).body.data[0] as { id: number; price: number };
/** One latte, $2.50 plus 10% tax, paid in cash: a sale any role may ring up. */
const aSale = () => ({
  sale_date: clock.now().toISOString(),
  payment_method: 'Cash',
  items: [{ product_id: latte.id, quantity: 1, unit_price: latte.price }],
  total_amount: 2.75,
  tendered: 5,
});

describe(`API keys never manage accounts (${dbKind})`, () => {
  it('refuses an Admin’s full key on every Users route, its owner’s own id included, and on the owner’s account security', async () => {
    const admin = (await call(tokens.Admin, 'GET', '/api/me')).body.data as { id: number; email: string };
    const staffId = (await call(tokens.Admin, 'GET', '/api/users?q=staff@demo.shop')).body.data[0].id as number;
    const { key } = await makeKey(tokens.Admin, 'full');
    const before = await count('audit_log');

    const attempts: [string, string, unknown?][] = [];
    for (const id of [admin.id, staffId]) {
      attempts.push(
        ['PUT', `/api/users/${id}/password`, { password: 'Taken-over-77' }],
        ['PUT', `/api/users/${id}`, { name: 'Taken Over', email: 'thief@demo.shop', role: 'Staff' }],
        ['POST', `/api/users/${id}/deactivate`],
        ['POST', `/api/users/${id}/reactivate`],
        ['POST', `/api/users/${id}/reset-2fa`],
        ['POST', `/api/users/${id}/approve`],
        ['POST', `/api/users/${id}/reject`],
      );
    }
    attempts.push(
      ['GET', '/api/users'],
      ['POST', '/api/users', { name: 'Back Door', email: 'backdoor@demo.shop', role: 'Admin', password: 'Long-enough-1' }],
      ['PUT', '/api/profile', { name: 'Admin Demo', role: 'Staff' }],
      ['PUT', '/api/profile/email', { email: 'thief@demo.shop' }],
      ['PUT', '/api/profile/password', { current_password: 'demo1234', new_password: 'Taken-over-77', new_password_confirmation: 'Taken-over-77' }],
      ['POST', '/api/profile/twofa/toggle', { enabled: true }],
      ['GET', '/api/profile/sessions'],
      ['POST', '/api/profile/sessions/revoke-others'],
      ['GET', '/api/profile/api-keys'],
      ['POST', '/api/profile/api-keys', { label: 'Another', scope: 'full' }],
      ['POST', '/api/profile/deactivate'],
      ['DELETE', '/api/profile', { password: 'demo1234' }],
    );
    for (const [method, url, body] of attempts) {
      const response = await call(key, method as 'GET', url, body);
      expect(response, `${method} ${url}`).toEqual({ status: 403, body: { message: API_KEY_MESSAGES.accountsNeedSession } });
    }

    // Nothing changed: the owner signs in as before, still an active Admin, and so does Staff.
    expect(await count('audit_log')).toBe(before);
    const me = (await call(await signInAs(app, admin.email), 'GET', '/api/me')).body.data;
    expect(me).toMatchObject({ email: admin.email, role: 'Admin', status: 'Active', two_fa_enabled: false });
    await signInAs(app, 'staff@demo.shop');
    // The same Admin, signed in, still can.
    expect((await call(tokens.Admin, 'GET', '/api/users')).status).toBe(200);
  });

  it('a key of a role without users:manage is refused as that role is', async () => {
    const { key } = await makeKey(tokens.Manager, 'full');
    expect(await call(key, 'GET', '/api/users')).toEqual({ status: 403, body: { message: API_MESSAGES.forbidden } });
  });
});

describe(`API key scopes (${dbKind})`, () => {
  it('makes a read key when no scope is named, and refuses an unknown scope', async () => {
    const made = await makeKey(tokens.Manager);
    expect(made.scope).toBe('read');
    const listed = (await call(tokens.Manager, 'GET', '/api/profile/api-keys')).body.data as { id: number; scope: string }[];
    expect(listed.find((key) => key.id === made.id)?.scope).toBe('read');

    const unknown = await call(tokens.Manager, 'POST', '/api/profile/api-keys', { label: 'Root', scope: 'admin' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.scope).toEqual(['Choose a scope: read, sales, catalogue or full.']);
  });

  it('a read key reads what its owner may read and writes nothing', async () => {
    const { key } = await makeKey(tokens.Manager, 'read');
    for (const url of ['/api/sales', '/api/products', '/api/customers', '/api/settings', '/api/dashboard', '/api/suppliers', '/api/me', '/api/profile']) {
      expect((await call(key, 'GET', url)).status, url).toBe(200);
    }
    expect((await app.inject({ method: 'HEAD', url: '/api/products', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(200);

    const sales = await count('sales');
    const customers = await count('customers');
    const refused: [string, string, unknown][] = [
      ['POST', '/api/sales', aSale()],
      ['POST', '/api/customers', { name: 'Walk-in by key', email: 'walkin.key@example.com' }],
      ['POST', '/api/units', { name: 'By key', symbol: 'bk' }],
      ['POST', '/api/notifications/read-all', undefined],
      ['PUT', '/api/profile/notifications', { email: false, sms: false, push: false, topics: { orders: false, lowStock: false, promotions: false, reports: false } }],
    ];
    for (const [method, url, body] of refused) {
      expect(await call(key, method as 'POST', url, body), `${method} ${url}`).toEqual({ status: 403, body: { message: API_KEY_MESSAGES.outOfScope } });
    }
    expect(await count('sales')).toBe(sales);
    expect(await count('customers')).toBe(customers);
  });

  it('a sales key rings up sales and adds customers at the till, but cannot change the catalogue', async () => {
    const { key } = await makeKey(tokens.Manager, 'sales');
    const sold = await call(key, 'POST', '/api/sales', aSale());
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    expect((await call(key, 'POST', '/api/customers', { name: 'Counter customer', email: 'counter@example.com' })).status).toBe(201);
    expect((await call(key, 'GET', `/api/sales/${sold.body.data.id}`)).status).toBe(200);

    const products = await count('products');
    for (const [method, url, body] of [
      ['POST', '/api/products', { name: 'By key', sku: 'KEY-001', price: 1, category_id: 1, unit_id: 1 }],
      ['POST', '/api/units', { name: 'By key', symbol: 'bk' }],
      ['POST', '/api/stocks', { product_id: latte.id, quantity: 1, price_in: 1 }],
    ] as const) {
      expect(await call(key, method, url, body), url).toEqual({ status: 403, body: { message: API_KEY_MESSAGES.outOfScope } });
    }
    expect(await count('products')).toBe(products);
  });

  it('a key never goes past its owner’s role: a Staff sales key cannot refund', async () => {
    const { key } = await makeKey(tokens.Staff, 'sales');
    const sold = await call(key, 'POST', '/api/sales', aSale());
    expect(sold.status).toBe(201);
    const refund = await call(key, 'POST', `/api/sales/${sold.body.data.id}/refunds`, {});
    expect(refund).toEqual({ status: 403, body: { message: APPROVAL_MESSAGES.refundNeedsApproval } });
  });

  it('a catalogue key keeps the catalogue and stock but does not sell', async () => {
    const { key } = await makeKey(tokens.Manager, 'catalogue');
    expect((await call(key, 'POST', '/api/units', { name: 'Crate', symbol: 'crt' })).status).toBe(201);
    expect((await call(key, 'POST', '/api/stocks', { product_id: (await call(key, 'GET', '/api/products?q=BAK-001')).body.data[0].id, quantity: 5, price_in: 0.8 })).status).toBe(201);
    expect(await call(key, 'POST', '/api/sales', aSale())).toEqual({ status: 403, body: { message: API_KEY_MESSAGES.outOfScope } });
    expect(await call(key, 'POST', '/api/customers', { name: 'Not by catalogue', email: 'notcat@example.com' })).toEqual({ status: 403, body: { message: API_KEY_MESSAGES.outOfScope } });
  });

  it('a full key does what its owner’s role may, settings included, but not sign itself out', async () => {
    const { key } = await makeKey(tokens.Admin, 'full');
    const taxes = (await call(key, 'GET', '/api/settings')).body.data.taxes;
    expect((await call(key, 'PUT', '/api/settings/taxes', taxes)).status).toBe(200);
    expect((await call(key, 'POST', '/api/notifications/read-all')).status).toBe(200);
    expect((await call(key, 'POST', '/api/sales', aSale())).status).toBe(201);
    expect((await call(key, 'POST', '/api/logout')).status).toBe(403);
  });

  it('the OpenAPI document describes the scopes', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const scheme = doc.components.securitySchemes.bearer.description as string;
    for (const scope of ['read', 'sales', 'catalogue', 'full']) expect(scheme).toContain(`\`${scope}\``);
    expect(doc.paths['/api/profile/api-keys'].post['x-permission']).toBe('own-account');
  });
});

describe(`keys made before scopes (${dbKind})`, () => {
  it('become full keys, so the scripts using them keep working', async () => {
    const old = await freshDatabase({ migrate: false });
    try {
      const db = old.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations(old.kind) } });
      const { error } = await migrator.migrateTo('0008-product-search');
      expect(error).toBeUndefined();
      const now = new Date().toISOString();
      await db.insertInto('users').values({ name: 'Script Owner', email: 'old@demo.shop', password_hash: 'x', role: 'Manager', created_at: now, updated_at: now }).execute();
      const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      await db.insertInto('api_keys').values({ user_id: owner.id, label: 'Old sync', prefix: 'shk_old00000', key_hash: 'h'.repeat(64), created_at: now }).execute();

      await migrateToLatest(old.db, old.kind);
      const rows = await sql<{ scope: string }>`select scope from api_keys`.execute(old.db);
      expect(rows.rows).toEqual([{ scope: 'full' }]);
    } finally {
      await old.db.destroy();
      await old.drop();
    }
  });
});
