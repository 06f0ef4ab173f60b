import { afterAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent, onHand } from './support/ledger';
import { expectSalesComplete } from './support/sale-integrity';
import { newIdempotencyKey, request, saleBody, signIn, startServer, stockedProducts, stopAllServers } from './support/server-process';
import { dbKind, freshDatabase, type FreshDatabase } from './support/test-app';

let database: FreshDatabase | undefined;
afterAll(async () => {
  await stopAllServers();
  await database?.db.destroy();
  await database?.drop();
});

describe('two server processes on one database', () => {
  // An embedded SQLite file belongs to one server process; only PostgreSQL is shared between servers.
  it.skipIf(dbKind !== 'postgres')('sell the last 10 units exactly once between them: 200 concurrent checkouts, 10 sales (PostgreSQL only)', { timeout: 120_000 }, async () => {
    database = await freshDatabase();
    // One after the other: the first seeds the demo shop, the second finds it there.
    const first = await startServer(database.serverEnv);
    const second = await startServer(database.serverEnv);
    // Signed in on one, the session works on the other: each keeps sessions in memory only while no server has written them (docs/decisions/0021).
    const token = await signIn(first.base, 'manager@demo.shop');
    const [product] = await stockedProducts(second.base, token, 1, 10);
    expect(await onHand(database, product!.id)).toBe(10);

    const body = saleBody([{ product: product!, quantity: 1 }]);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        request(n % 2 ? second.base : first.base, token, 'POST', '/api/sales', { ...body, sale_date: new Date().toISOString() }, { 'idempotency-key': newIdempotencyKey() }),
      ),
    );
    const sold = answers.filter((a) => a.status === 201);
    expect(sold).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(190);
    expect(answers.filter((a) => a.status === 409).every((a) => /^Only 0 left of /.test(a.body.message))).toBe(true);

    expect(await onHand(database, product!.id)).toBe(0);
    const lines = await database.db.selectFrom('sale_items').select('sale_id').where('product_id', '=', product!.id).execute();
    const byId = (a: number, b: number) => a - b;
    expect(lines.map((l) => l.sale_id).sort(byId)).toEqual(sold.map((a) => a.body.data.id as number).sort(byId));
    await expectSalesComplete(database);
    await expectLedgerConsistent(database);

    // Signed out on the first, the session is refused by the second, which had it in memory.
    expect((await request(second.base, token, 'GET', '/api/me')).status).toBe(200);
    expect((await request(first.base, token, 'POST', '/api/logout')).status).toBe(200);
    const until = Date.now() + 5000;
    let status = (await request(second.base, token, 'GET', '/api/me')).status;
    while (status !== 401 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await request(second.base, token, 'GET', '/api/me')).status;
    }
    expect(status).toBe(401);
  });
});
