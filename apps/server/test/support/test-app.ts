import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../../src/app';
import { openDatabase, type DbHandle } from '../../src/db/client';
import { migrateToLatest } from '../../src/db/migrate';
import { DEMO_PASSWORD, ensureInitialData } from '../../src/seed';
import type { Clock } from '../../src/lib/clock';
import type { PaymentConfirmer } from '../../src/lib/bakong';

export const dbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = '2026-11-21T03:00:00.000Z') {
    this.current = Date.parse(start);
  }
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current += ms;
  }
}

export type FreshDatabase = DbHandle & {
  /** What a server process needs to run on this database: its DATA_DIR or DATABASE_URL. */
  serverEnv: Record<string, string>;
  drop(): Promise<void>;
};

/**
 * A fresh database of the kind this run tests (SQLite file or a new PostgreSQL database),
 * migrated unless it is to stay empty (a restore's target).
 */
export async function freshDatabase(options: { migrate?: boolean; poolSize?: number } = {}): Promise<FreshDatabase> {
  const name = `shop_test_${crypto.randomBytes(6).toString('hex')}`;
  let handle: DbHandle;
  let serverEnv: Record<string, string>;
  let drop: () => Promise<void>;
  if (dbKind === 'postgres') {
    const serverUrl = inject('postgresUrl');
    if (!serverUrl) throw new Error('PostgreSQL test run without a server URL');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = openDatabase({ databaseUrl: url.toString(), poolSize: options.poolSize ?? 20 });
    serverEnv = { DATABASE_URL: url.toString() };
    drop = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // pg's pool.end() resolves before its connections have closed; forcing them shut would
      // raise errors in this process, so wait for them to go first.
      for (let tries = 0; tries < 50; tries += 1) {
        const open = await client.query('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (Number(open.rows[0].n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sqlite-'));
    handle = openDatabase({ sqliteFile: path.join(dir, 'shop.db') });
    // Empty, so a developer's DATABASE_URL does not take the server elsewhere.
    serverEnv = { DATA_DIR: dir, DATABASE_URL: '' };
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  if (options.migrate ?? true) await migrateToLatest(handle.db, handle.kind);
  return { ...handle, serverEnv, drop };
}

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  clock: TestClock;
}

/** The real server on a fresh database with the demo shop, torn down after the file's tests. */
export async function createTestApp(
  options: { seedDemo?: boolean; demoStock?: boolean; loginRateLimitPerMinute?: number; paymentConfirmer?: PaymentConfirmer; reportStatementTimeoutMs?: number; poolSize?: number } = {},
): Promise<TestApp> {
  const database = await freshDatabase({ poolSize: options.poolSize });
  const clock = new TestClock();
  if (options.seedDemo ?? true) await ensureInitialData({ db: database.db, kind: database.kind, clock }, { seedDemo: true, demoStock: options.demoStock ?? false });
  const app = await buildApp({
    database,
    clock,
    webDist: null,
    logLevel: 'silent',
    loginRateLimitPerMinute: options.loginRateLimitPerMinute,
    paymentConfirmer: options.paymentConfirmer,
    reports: { statementTimeoutMs: options.reportStatementTimeoutMs },
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });
  return { app, database, clock };
}

export async function signInAs(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  return response.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in the three demo roles once for a test file. */
export async function demoTokens(app: FastifyInstance) {
  return {
    Admin: await signInAs(app, 'admin@demo.shop'),
    Manager: await signInAs(app, 'manager@demo.shop'),
    Staff: await signInAs(app, 'staff@demo.shop'),
  };
}

/** A JSON call as a signed-in user: `call(token, 'POST', '/api/units', body)`. */
export function caller(app: FastifyInstance) {
  return async (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const response = await app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    const body = response.body ? response.json() : undefined;
    return { status: response.statusCode, body };
  };
}

/** A new product in the first category and unit, with stock received, as a Manager would set it up through the API. */
export async function stockedProduct(call: ReturnType<typeof caller>, token: string, product: { name: string; sku: string; price: number; quantity: number }) {
  const categories = (await call(token, 'GET', '/api/categories?per_page=1')).body.data;
  const units = (await call(token, 'GET', '/api/units?per_page=1')).body.data;
  const created = (await call(token, 'POST', '/api/products', { name: product.name, sku: product.sku, category_id: categories[0].id, unit_id: units[0].id, price: product.price })).body.data;
  const received = await call(token, 'POST', '/api/stocks', { product_id: created.id, quantity: product.quantity, price_in: product.price / 4 });
  if (received.status !== 201) throw new Error(`stock receipt answered ${received.status}`);
  return created as { id: number; name: string; price: number };
}
