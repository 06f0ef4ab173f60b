import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@shop/contracts/http';
import { reportReaderThreads } from '../src/plugins/db';
import { caller, createTestApp, dbKind, demoTokens, stockedProduct } from './support/test-app';

/*
 * On PostgreSQL, reports and long lists read through a pool of their own (db/client.ts,
 * openReportPool): read-only, each statement stopped at a time limit, and never the connections
 * a till's sale needs.
 */
// The tills' pool as small as a sale allows, so a report borrowing from it would make a sale wait.
const { app, clock } = await createTestApp({ reportStatementTimeoutMs: 2000, poolSize: 2 });
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

describe('report readers on SQLite', () => {
  it('leave the main thread, which takes every sale, a core of its own', () => {
    // A 2-core shop server: one reader; a bigger one: one fewer than its cores, at most four.
    expect([1, 2, 3, 4, 8, 32].map((cores) => reportReaderThreads(cores))).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
