// The checkout transaction called directly, without HTTP: the ceiling the API is measured
// against. Run by bench/run.mjs on the same database the server uses, after its HTTP run.
// Usage: tsx bench/checkout-direct.ts <sqlite file | postgres url> <seconds> <concurrency> <products json> <user id>
import { openDatabase } from '../apps/server/src/db/client';
import { systemClock } from '../apps/server/src/lib/clock';
import { checkout } from '../apps/server/src/services/checkout';
import { fromCents, percentOfCents, sumCents, toCents } from '../packages/contracts/src/money';
import { saleInputSchema } from '../packages/contracts/src/sale';

const [target, secondsArg, concurrencyArg, productsJson, userIdArg] = process.argv.slice(2);
const products = JSON.parse(productsJson!) as { id: number; price: number }[];
const database = target!.startsWith('postgres') ? openDatabase({ databaseUrl: target }) : openDatabase({ sqliteFile: target });
const ctx = { db: database.db, kind: database.kind, clock: systemClock };
const viewer = { userId: Number(userIdArg), role: 'Admin' as const };

function body(n: number) {
  // The same 3-line sales the HTTP run rings up.
  const lines = [0, 1, 2].map((k) => products[(n * 3 + k) % products.length]!);
  const subtotal = sumCents(lines.map((p) => toCents(p.price)));
  return saleInputSchema.parse({
    sale_date: new Date().toISOString(),
    payment_method: 'Card',
    items: lines.map((p) => ({ product_id: p.id, quantity: 1, unit_price: p.price })),
    // The demo's 10 % tax, exclusive.
    total_amount: fromCents(subtotal + percentOfCents(subtotal, 1000)),
  });
}

const deadline = performance.now() + Number(secondsArg) * 1000;
const latencies: number[] = [];
let n = 0;
let failed = 0;
async function worker() {
  while (performance.now() < deadline) {
    const input = body((n += 1));
    const started = performance.now();
    try {
      await checkout(ctx, { input, idempotencyKey: `direct-${process.pid}-${n}-${Math.random()}`, viewer });
    } catch {
      failed += 1;
    }
    latencies.push(performance.now() - started);
  }
}
const commitsBefore = { ...(database.groupCommit ?? { commits: 0, transactions: 0 }) };
const started = performance.now();
await Promise.all(Array.from({ length: Number(concurrencyArg) }, worker));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
// SQLite's group commit: how many checkouts shared each COMMIT.
const perCommit = database.groupCommit ? (database.groupCommit.transactions - commitsBefore.transactions) / Math.max(1, database.groupCommit.commits - commitsBefore.commits) : null;
console.log(JSON.stringify({ count: latencies.length, failed, perSecond: latencies.length / elapsed, p50: pct(50), p99: pct(99), perCommit }));
await database.db.destroy();
