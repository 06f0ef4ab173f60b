import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expectLedgerConsistent } from './support/ledger';
import { expectSalesComplete, saleIds } from './support/sale-integrity';
import { newIdempotencyKey, randomSaleBody, request, signIn, startServer, stockedProducts, stopAllServers, type ServerProcess } from './support/server-process';
import { dbKind, freshDatabase } from './support/test-app';

const database = await freshDatabase();
afterAll(async () => {
  await stopAllServers();
  await database.db.destroy();
  await database.drop();
});

interface Attempt {
  key: string;
  body: ReturnType<typeof randomSaleBody>;
}

/** Tills ringing up sales at once, each sale with its own key, as the POS sends them. */
const TILLS = 6;
const MIN_KILLS = 5;
const MIN_ATTEMPTS = 300;

describe(`a server killed with SIGKILL in the middle of checkouts (${dbKind})`, () => {
  it('keeps every sale it answered 201 for, leaves no partial sale, and a retried key records one sale', { timeout: 180_000 }, async () => {
    let server = await startServer(database.serverEnv);
    const token = await signIn(server.base, 'manager@demo.shop');
    const products = await stockedProducts(server.base, token, 6, 100_000);
    const demoSales = await saleIds(database);

    const answered = new Map<string, { id: number; code: string }>();
    const lost: Attempt[] = [];
    const unexpected: string[] = [];
    let attempts = 0;
    let kills = 0;

    // Sessions live in the database, so the token signed in before the first crash works after every restart.
    const sell = (target: ServerProcess, attempt: Attempt) =>
      request(target.base, token, 'POST', '/api/sales', attempt.body, { 'idempotency-key': attempt.key });

    const expectNothingLostOrPartial = async () => {
      await expectSalesComplete(database);
      await expectLedgerConsistent(database);
      const rows = await database.db.selectFrom('sales').select(['id', 'number']).execute();
      const numbers = new Map(rows.map((r) => [r.id, r.number]));
      const missing = [...answered.values()].filter((sale) => `SO-${String(numbers.get(sale.id)).padStart(6, '0')}` !== sale.code);
      expect(missing, 'sales answered 201 that are not in the database').toEqual([]);
    };

    while (kills < MIN_KILLS || attempts < MIN_ATTEMPTS) {
      const current = server;
      // The kill lands after a random number of checkouts, a random few milliseconds later,
      // while up to TILLS sales are somewhere between the request and the commit.
      const killAfter = attempts + 30 + crypto.randomInt(60);
      let killing = false;
      const till = async () => {
        while (!killing) {
          const attempt = { key: newIdempotencyKey(), body: randomSaleBody(products) };
          attempts += 1;
          if (attempts >= killAfter && !killing) {
            killing = true;
            setTimeout(() => void current.kill(), crypto.randomInt(15));
          }
          try {
            const answer = await sell(current, attempt);
            if (answer.status === 201) answered.set(attempt.key, { id: answer.body.data.id, code: answer.body.data.code });
            else unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
          } catch (error) {
            if (killing) lost.push(attempt);
            else unexpected.push(String(error));
          }
        }
      };
      await Promise.all(Array.from({ length: TILLS }, till));
      await current.kill();
      kills += 1;
      server = await startServer(database.serverEnv);
      await expectNothingLostOrPartial();
    }
    expect(unexpected, 'answers other than 201 while the server was up').toEqual([]);
    expect(lost.length, 'checkouts whose answer the kills cut off').toBeGreaterThan(0);

    // The tills retry every sale whose answer they never got, with its key: a sale committed
    // before the kill is replayed, one that was not is recorded now; either way exactly once.
    let replayed = 0;
    for (const attempt of lost) {
      const first = await sell(server, attempt);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      if (first.replayed) replayed += 1;
      const again = await sell(server, attempt);
      expect(again).toMatchObject({ status: 201, replayed: true });
      expect(again.body.data.id).toBe(first.body.data.id);
      answered.set(attempt.key, { id: first.body.data.id, code: first.body.data.code });
    }

    await expectNothingLostOrPartial();
    const created = [...(await saleIds(database))].filter((id) => !demoSales.has(id)).sort((a, b) => a - b);
    const known = [...answered.values()].map((sale) => sale.id).sort((a, b) => a - b);
    expect(created, 'the sales in the database are exactly the ones the tills were answered for, once each').toEqual(known);
    await server.stop();
    console.log(`crash (${dbKind}): ${attempts} checkouts, ${kills} kills, ${answered.size} sales, ${lost.length} answers lost (${replayed} had committed)`);
  });
});
