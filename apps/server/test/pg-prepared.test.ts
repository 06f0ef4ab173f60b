import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens, stockedProduct } from './support/test-app';

/*
 * On PostgreSQL the tills' pool names each statement with parameters after its text, so the
 * server parses and plans it once per connection (db/pg-prepared.ts). One connection here, so
 * `pg_prepared_statements` (the session's own) shows them all.
 */
const { app, clock } = await createTestApp({ poolSize: 1 });
const tokens = await demoTokens(app);
const call = caller(app);
const prepared = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(app.services.db)).rows[0]!.n;

describe.skipIf(dbKind !== 'postgres')('statements prepared once on the tills\' connection (postgres)', () => {
  it('prepares a sale\'s statements once: the next sale of the same kind prepares none and is recorded the same', async () => {
    const product = await stockedProduct(call, tokens.Manager, { name: 'Prepared Tea', sku: 'PREP-1', price: 2, quantity: 10 });
    const sell = () =>
      call(tokens.Staff, 'POST', '/api/sales', { sale_date: clock.now().toISOString(), payment_method: 'Cash', items: [{ product_id: product.id, quantity: 1, unit_price: 2 }], total_amount: 2.2 });

    // The first sales of the day take a few paths once (the day's first stock month, the till's first ticket).
    for (const warmUp of [await sell(), await sell()]) expect(warmUp.status, JSON.stringify(warmUp.body)).toBe(201);
    const before = await prepared();
    expect(before).toBeGreaterThan(10);

    const third = await sell();
    expect(third.status).toBe(201);
    expect(third.body.data).toMatchObject({ total_amount: 2.2, items: [{ product_id: product.id, quantity: 1 }] });
    expect(await prepared()).toBe(before);
    expect((await call(tokens.Manager, 'GET', `/api/products/${product.id}?include=stock`)).body.data).toMatchObject({ stock: 7 });

    // Statements built once are prepared whatever their number of values: the sale's own row (thirty-odd) and the
    // settings' read (none) as much as a short IN-list.
    const texts = (await sql<{ statement: string; n: number }>`select statement, cardinality(parameter_types)::int as n from pg_prepared_statements`.execute(app.services.db)).rows;
    const sale = texts.find((row) => row.statement.startsWith('insert into "sales"'));
    expect(sale?.n).toBeGreaterThan(16);
    expect(texts.some((row) => row.statement.startsWith('select "section", "value" from "settings"') && row.n === 0)).toBe(true);
  });

  it('reads a product search\'s page through the tills\' connection, prepared once, not parsed again on the lists\' pool', async () => {
    const pageStatements = async () =>
      (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(app.services.db)).rows.filter((row) => row.statement.includes('"version_now"')).length;
    const search = () => call(tokens.Staff, 'GET', '/api/products?q=latte&per_page=5');
    const first = await search();
    expect(first.status).toBe(200);
    expect(first.body.data.length).toBeGreaterThan(0);
    expect(first.body.data.every((product: { name: string }) => product.name.toLowerCase().includes('latte'))).toBe(true);
    await search();
    expect(await pageStatements()).toBe(1);
    const third = await search();
    expect(third.body).toEqual(first.body);
    expect(await pageStatements()).toBe(1);
  });
});
