import fs from 'node:fs';
import os from 'node:os';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/schema';
import { yieldingLane, yieldingPool } from '../src/db/report-gate';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@shop/contracts/http';
import { EXPORT_CONNECTION_NAME } from '../src/db/pg-export';
import { reportReaderThreads } from '../src/plugins/db';
import { caller, createTestApp, dbKind, demoTokens, stockedProduct } from './support/test-app';

/*
 * On PostgreSQL, reports and long lists read through a pool of their own (db/client.ts,
 * openReportPool): read-only, each statement stopped at a time limit, and never the connections
 * a till's sale needs.
 */
// The tills' pool as small as a sale allows, so a report borrowing from it would make a sale wait.
const { app, clock, database } = await createTestApp({ reportStatementTimeoutMs: 2000, poolSize: 2 });
// A report that runs past the limit, as a year's report on a slow server would.
app.get('/api/test-only/slow-report', async () => {
  await sql`select pg_sleep(3)`.execute(app.reports.db);
  return { data: null };
});
const tokens = await demoTokens(app);
const call = caller(app);

describe.skipIf(dbKind !== 'postgres')('reports beside the tills (postgres)', () => {
  it('sells while reports hold more connections than the tills\' pool has', async () => {
    const product = await stockedProduct(call, tokens.Manager, { name: 'Pool Tea', sku: 'POOL-1', price: 2, quantity: 10 });

    // Three reports of 1.5 s at once: more than the tills' pool has connections.
    let firstReportDone = Infinity;
    const reports = Promise.all(
      [0, 1, 2].map(() =>
        sql`select pg_sleep(1.5)`.execute(app.reports.db).then(() => {
          firstReportDone = Math.min(firstReportDone, performance.now());
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const sale = await call(tokens.Staff, 'POST', '/api/sales', {
      sale_date: clock.now().toISOString(),
      payment_method: 'Cash',
      items: [{ product_id: product.id, quantity: 1, unit_price: 2 }],
      total_amount: 2.2,
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    // The sale did not wait for a connection a report held: it was in before any report ended.
    const saleDone = performance.now();
    await reports;
    expect(saleDone).toBeLessThan(firstReportDone);
  });

  it('reads no more reports at once than one fewer than the cores, leaving the tills a core', async () => {
    // One query more than the rule allows, each long enough to overlap the others.
    const readers = reportReaderThreads();
    const rows = await Promise.all(
      Array.from({ length: readers + 1 }, () => sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.3)`.execute(app.reports.db).then((r) => r.rows[0]!.pid)),
    );
    expect(new Set(rows).size).toBe(readers);
  });

  it('answers a search and a product list while reports hold every connection of theirs', async () => {
    let firstReportDone = Infinity;
    const reports = Promise.all(
      Array.from({ length: reportReaderThreads() }, () =>
        sql`select pg_sleep(1.5)`.execute(app.reports.db).then(() => {
          firstReportDone = Math.min(firstReportDone, performance.now());
        }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [search, list] = await Promise.all([call(tokens.Staff, 'GET', '/api/search?q=tea'), call(tokens.Manager, 'GET', '/api/products?q=tea&per_page=5')]);
    const listsDone = performance.now();
    expect(search.status).toBe(200);
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBeGreaterThan(0);
    await reports;
    expect(listsDone).toBeLessThan(firstReportDone);
  });

  it("writes an export's text on a connection of its own, yet runs no more report statements at once than the pool allows", async () => {
    const sleeping = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from pg_stat_activity where state = 'active' and query like 'select pg_sleep(0.%'`.execute(app.services.db)).rows[0]!.n);
    // The export thread started and connected (a first chunk); then a chunk that takes 0.8 s to
    // read, and as many reports as the pool has connections.
    await app.reports.exportText!(sql`select pg_sleep(0)`.compile(app.reports.db), 'sales');
    const chunk = app.reports.exportText!(sql`select pg_sleep(0.8)`.compile(app.reports.db), 'sales');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const reports = Promise.all(Array.from({ length: reportReaderThreads() }, () => sql`select pg_sleep(0.5)`.execute(app.reports.db)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The chunk holds one of the pool's places while it reads: one report waits for it.
    expect(await sleeping()).toBe(reportReaderThreads());
    await Promise.all([chunk, reports]);

    // A chunk past the time limit fails as a report does, and the next one reads.
    await expect(app.reports.exportText!(sql`select pg_sleep(3)`.compile(app.reports.db), 'sales')).rejects.toMatchObject({ code: '57014' });
    await expect(app.reports.exportText!(sql`update units set name = name`.compile(app.reports.db), 'sales')).rejects.toMatchObject({ code: '25006' });
    const sale = await call(tokens.Staff, 'POST', '/api/sales', { sale_date: clock.now().toISOString(), payment_method: 'Cash', items: [{ product_id: (await stockedProduct(call, tokens.Manager, { name: 'Export Tea', sku: 'EXP-1', price: 2, quantity: 5 })).id, quantity: 1, unit_price: 2 }], total_amount: 2.2 });
    expect(sale.status).toBe(201);
    const csv = await app.inject({ method: 'GET', url: `/api/sales/export?q=${sale.body.data.code}`, headers: { authorization: `Bearer ${tokens.Manager}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.trim().split('\n')[1]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${sale.body.data.code},Walk-in,`));
  });

  it('starts the export thread and its connection with the first report, before any download, and ends them with the server', async () => {
    const fresh = await createTestApp();
    const database = (await sql<{ name: string }>`select current_database() as name`.execute(fresh.app.services.db)).rows[0]!.name;
    // Asked on the other app's database: this one's connections are counted after it closes too.
    const exportConnections = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from pg_stat_activity where application_name = ${EXPORT_CONNECTION_NAME} and datname = ${database}`.execute(app.services.db)).rows[0]!.n);
    const manager = (await demoTokens(fresh.app)).Manager;
    expect(await exportConnections()).toBe(0);
    expect((await caller(fresh.app)(manager, 'GET', '/api/dashboard')).status).toBe(200);
    await expect.poll(exportConnections, { timeout: 10_000 }).toBe(1);
    // The download then finds the thread ready: its text is the same as ever.
    const csv = await fresh.app.inject({ method: 'GET', url: '/api/sales/export', headers: { authorization: `Bearer ${manager}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n')[0]).toContain('Date');
    expect(await exportConnections()).toBe(1);
    await fresh.app.close();
    await expect.poll(exportConnections, { timeout: 10_000 }).toBe(0);
  });

  it('gives way to the tills: while they sell, a report connection pauses three times as long as its last statement held it; while they do not, never', async () => {
    // The real pool and database; the pauses are recorded instead of slept, so the test says how long, not how fast.
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    let selling = true;
    const pauses: number[] = [];
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: yieldingPool(pool, () => selling, { now: () => performance.now(), sleep: async (ms) => void pauses.push(ms) }) }) });
    try {
      await sql`select pg_sleep(0.2)`.execute(db);
      expect((await sql<{ n: number }>`select 1 as n`.execute(db)).rows).toEqual([{ n: 1 }]);
      expect(pauses).toHaveLength(1);
      // A quarter of the time busy: 0.2 s held, then at least 0.6 s before the next statement, capped at 5 s.
      expect(pauses[0]).toBeGreaterThanOrEqual(3 * 200 * 0.95);
      expect(pauses[0]).toBeLessThanOrEqual(5_000);

      selling = false;
      await sql`select pg_sleep(0.2)`.execute(db);
      await sql`select 1`.execute(db);
      expect(pauses).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('makes a report statement wait after a sale, on the tills\' own database', async () => {
    const product = await stockedProduct(call, tokens.Manager, { name: 'Gate Tea', sku: 'GATE-1', price: 2, quantity: 5 });
    const sale = await call(tokens.Staff, 'POST', '/api/sales', { sale_date: clock.now().toISOString(), payment_method: 'Cash', items: [{ product_id: product.id, quantity: 1, unit_price: 2 }], total_amount: 2.2 });
    expect(sale.status).toBe(201);
    await sql`select pg_sleep(0.1)`.execute(app.reports.db);
    const started = performance.now();
    await sql`select 1`.execute(app.reports.db);
    // At least three times the 0.1 s the statement before held the connection.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('reads only', async () => {
    // 25006: read_only_sql_transaction.
    await expect(sql`update units set name = name`.execute(app.reports.db)).rejects.toMatchObject({ code: '25006' });
    await expect(sql`update units set name = name`.execute(app.lists.db)).rejects.toMatchObject({ code: '25006' });
    expect((await sql<{ n: number }>`select count(*) as n from units`.execute(app.reports.db)).rows[0]!.n).toBeGreaterThan(0);
  });

  it('stops a report past its time limit and says so with a 503, not a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/slow-report' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: API_MESSAGES.reportTooLong });
    // The pool is whole again: the next report reads.
    expect((await call(tokens.Manager, 'GET', '/api/dashboard')).status).toBe(200);
  });
});

/** The nice value of each thread of this process (Linux keeps one per thread). */
function threadNiceness(): number[] {
  return fs.readdirSync('/proc/self/task').flatMap((task) => {
    try {
      // Field 19 of the thread's stat line, counted after the name's closing parenthesis.
      return [Number(fs.readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16])];
    } catch {
      return [];
    }
  });
}

describe.skipIf(process.platform !== 'linux')(`report threads beside the sales (${dbKind})`, () => {
  it('run ten steps below the thread that takes the sales, so a sale goes first when both want a core', async () => {
    const own = os.getPriority(0);
    // SQLite reads reports on a reader thread; PostgreSQL writes an export's text on one.
    if (dbKind === 'sqlite') await sql`select 1`.execute(app.reports.db);
    else await app.reports.exportText!(sql`select pg_sleep(0)`.compile(app.reports.db), 'sales');
    expect(threadNiceness().filter((nice) => nice === Math.min(19, own + 10)).length).toBeGreaterThan(0);
    expect(os.getPriority(0)).toBe(own);
  });
});

describe('report readers on SQLite', () => {
  it('leave the main thread, which takes every sale, a core of its own', () => {
    // A 2-core shop server: one reader; a bigger one: one fewer than its cores, at most four.
    expect([1, 2, 3, 4, 8, 32].map((cores) => reportReaderThreads(cores))).toEqual([1, 1, 2, 3, 4, 4]);
  });

  it('give way to the tills: while they sell, a thread\'s report statements run one at a time, each after a rest as long as the last one read', async () => {
    // The pauses are recorded on a clock the reads move, so the test says how long, not how fast.
    let now = 0;
    let selling = true;
    const pauses: number[] = [];
    const lane = yieldingLane(() => selling, { now: () => now, sleep: async (ms) => void pauses.push(ms) });
    const order: string[] = [];
    const read = (name: string, ms: number) =>
      lane.run(async () => {
        order.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        now += ms;
        order.push(`${name} ends`);
        return name;
      });
    const both = [read('first', 200), read('second', 10)];
    expect(lane.waiting).toBe(2);
    expect(await Promise.all(both)).toEqual(['first', 'second']);
    expect(order).toEqual(['first starts', 'first ends', 'second starts', 'second ends']);
    // Half the time: 200 ms read, then 200 ms at rest before the next.
    expect(pauses).toEqual([200]);
    await read('third', 1);
    expect(pauses).toEqual([200, 10]);
    // A failed read takes its turn and leaves the lane open.
    await expect(lane.run(async () => Promise.reject(new Error('no such table')))).rejects.toThrow('no such table');
    selling = false;
    await read('fourth', 300);
    await read('fifth', 1);
    expect(pauses).toEqual([200, 10, 1]);
    expect(lane.waiting).toBe(0);
  });

  it.skipIf(dbKind !== 'sqlite')('make a report statement wait after a sale, while a list on the same thread does not', async () => {
    const product = await stockedProduct(call, tokens.Manager, { name: 'Lane Tea', sku: 'LANE-1', price: 2, quantity: 5 });
    // Two short reads first (the first may start the thread), so the lane has no rest left and the long one starts at once.
    await sql`select 1`.execute(app.reports.db);
    await sql`select 1`.execute(app.reports.db);
    const started = performance.now();
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000000) select count(*) from n`.execute(app.reports.db);
    const ended = performance.now();
    const held = ended - started;
    // The tills sell now: the next report statement rests first.
    const sale = await call(tokens.Staff, 'POST', '/api/sales', { sale_date: clock.now().toISOString(), payment_method: 'Cash', items: [{ product_id: product.id, quantity: 1, unit_price: 2 }], total_amount: 2.2 });
    expect(sale.status).toBe(201);
    const finished: string[] = [];
    const report = sql`select 1`.execute(app.reports.db).then(() => finished.push('report'));
    const list = sql`select 1`.execute(app.lists.db).then(() => finished.push('list'));
    await Promise.all([report, list]);
    expect(finished).toEqual(['list', 'report']);
    // The report's rest, from the end of the long read, is as long as that read (a little less than the test measured, which includes the hop to the thread).
    expect(performance.now() - ended).toBeGreaterThanOrEqual(held * 0.7);
  });
});
