// A year of a busy shop, written straight into the database for the report benchmark:
// 2,000 supplies of 5 lines each, then sales of 2 lines each (≥ 500,000 sale lines) spread over
// the last 365 days, with their payments and stock movements. Products must already exist.
// Usage: tsx bench/generate-year.ts <sqlite file | postgres url> <sales> <user id>
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/client';
import { rebuildStockMonths } from '../apps/server/src/db/migrations/0006-stock-months';
import { rebuildSaleDays } from '../apps/server/src/db/migrations/0018-sale-days';
import { rebuildProductSaleDays } from '../apps/server/src/db/migrations/0021-product-sale-days';
import type { Database } from '../apps/server/src/db/schema';
import { businessDate, addDays } from '../apps/server/src/lib/business-date';

const [target, salesArg, userArg] = process.argv.slice(2);
const SALES = Number(salesArg ?? 250_000);
const SUPPLIES = 2000;
const userId = Number(userArg);
const database = target!.startsWith('postgres') ? openDatabase({ databaseUrl: target }) : openDatabase({ sqliteFile: target });
const db = database.db;
// Parameters per insert stay under SQLite's and PostgreSQL's limits.
const CHUNK = 500;

let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;


async function insertChunks(trx: typeof db, batches: [keyof Database, object[]][]) {
  for (const [table, rows] of batches) {
    for (let i = 0; i < rows.length; i += CHUNK) {
      // Rows are built to the table's columns above; the builder's types are too wide to spell here.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await trx.insertInto(table).values(rows.slice(i, i + CHUNK) as any).execute();
    }
  }
}

const started = performance.now();
const today = businessDate(new Date());
const products = await db.selectFrom('products').select(['id', 'name', 'sku', 'price_cents']).where('active', '=', 1).execute();
const suppliers = await db.selectFrom('suppliers').select('id').execute();
const customers = await db.selectFrom('customers').select(['id', 'name']).execute();
const methods = ['Cash', 'Cash', 'Cash', 'Card', 'Bank'];

// Supplies: the receipts behind the stock.
const supplyBase = Number((await db.selectFrom('supplies').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
const now = new Date().toISOString();
const supplies = [];
const items = [];
const batches = [];
const receipts = [];
const batchBase = Number((await db.selectFrom('stock_batches').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
for (let s = 1; s <= SUPPLIES; s += 1) {
  const id = supplyBase + s;
  const day = addDays(today, -Math.floor(random() * 365));
  supplies.push({ id, supplier_id: pick(suppliers).id, invoice_id: `YR-${id}`, invoice_date: day, reference: null, payment_method: pick(['Cash', 'Bank']), status: 'Received', tax_cents: 0, freight_cents: 500, notes: null, created_by: userId, created_at: now, updated_at: now });
  for (let l = 0; l < 5; l += 1) {
    const product = pick(products);
    const batchId = batchBase + batches.length + 1;
    const cost = Math.max(10, Math.round(product.price_cents * 0.4));
    batches.push({ id: batchId, product_id: product.id, source: 'supply', quantity: 500, remaining: 500, unit_cost_cents: cost, received_date: day, expire_date: null, notes: null, created_by: userId, created_at: now });
    items.push({ supply_id: id, product_id: product.id, batch_id: batchId, supply_quantity: 500, unit_price_cents: cost, expire_date: null, received_date: day, notes: null, created_at: now, updated_at: now });
    receipts.push({ product_id: product.id, quantity: 500, unit_cost_cents: cost, kind: 'receipt', business_date: day, batch_id: batchId, reference_type: 'supply_item', reference_id: batchId, user_id: userId, created_at: now });
  }
}
await db.transaction().execute((trx) =>
  insertChunks(trx, [
    ['supplies', supplies],
    ['stock_batches', batches],
    ['supply_items', items],
    ['stock_movements', receipts],
  ]),
);

// Sales, in transactions of 5,000.
const saleBase = Number((await db.selectFrom('sales').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
const numberBase = Number((await db.selectFrom('counters').select('value').where('name', '=', 'sale').executeTakeFirstOrThrow()).value);
for (let start = 0; start < SALES; start += 5000) {
  const sales = [];
  const lines = [];
  const payments = [];
  const movements = [];
  for (let n = start; n < Math.min(SALES, start + 5000); n += 1) {
    const id = saleBase + n + 1;
    const day = addDays(today, -Math.floor(random() * 365));
    const chosen = [pick(products), pick(products)];
    let gross = 0;
    const saleLines = chosen.map((product) => {
      const quantity = 1 + Math.floor(random() * 3);
      gross += product.price_cents * quantity;
      return { product, quantity };
    });
    const tax = Math.round(gross / 10);
    const customer = random() < 0.2 ? pick(customers) : null;
    const method = pick(methods);
    sales.push({
      id,
      number: numberBase + n + 1,
      sale_date: `${day}T05:00:00.000Z`,
      business_date: day,
      customer_id: customer?.id ?? null,
      customer_name: customer?.name ?? null,
      channel: 'POS',
      payment_method: method,
      status: 'Paid',
      items_count: 2,
      total_qty: saleLines.reduce((sum, line) => sum + line.quantity, 0),
      gross_cents: gross,
      discount_cents: 0,
      tax_enabled: 1,
      tax_inclusive: 0,
      tax_rate_bp: 1000,
      tax_cents: tax,
      service_bp: 0,
      service_cents: 0,
      total_cents: gross + tax,
      refunded_cents: 0,
      notes: null,
      user_id: userId,
      created_at: now,
    });
    payments.push({ sale_id: id, method, amount_cents: gross + tax, tendered_cents: gross + tax, tendered_khr: 0, khr_per_usd: 4000, change_cents: 0, created_at: now });
    for (const { product, quantity } of saleLines) {
      lines.push({ sale_id: id, product_id: product.id, product_name: product.name, sku: product.sku, quantity, unit_price_cents: product.price_cents, discount_bp: 0, promotion_id: null, discount_cents: 0, line_total_cents: product.price_cents * quantity, cost_cents: 0, refunded_qty: 0 });
      movements.push({ product_id: product.id, quantity: -quantity, unit_cost_cents: 0, kind: 'sale', business_date: day, batch_id: null, reference_type: 'sale', reference_id: id, user_id: userId, created_at: now });
    }
  }
  await db.transaction().execute((trx) =>
    insertChunks(trx, [
      ['sales', sales],
      ['sale_items', lines],
      ['sale_payments', payments],
      ['stock_movements', movements],
    ]),
  );
}
await db.updateTable('counters').set({ value: numberBase + SALES }).where('name', '=', 'sale').execute();
// On-hand and the monthly sums follow the ledger, and the days' sums the sales, as the services keep them.
await rebuildStockMonths(db);
await rebuildSaleDays(db);
await rebuildProductSaleDays(db);
await sql`update products set on_hand = coalesce((select sum(m.quantity) from stock_movements m where m.product_id = products.id), 0)`.execute(db);
if (database.kind === 'postgres') {
  await sql`select setval(pg_get_serial_sequence('sales', 'id'), (select max(id) from sales))`.execute(db);
  await sql`select setval(pg_get_serial_sequence('supplies', 'id'), (select max(id) from supplies))`.execute(db);
  await sql`select setval(pg_get_serial_sequence('stock_batches', 'id'), (select max(id) from stock_batches))`.execute(db);
  await sql`analyze`.execute(db);
} else {
  await sql`analyze`.execute(db);
}
console.log(JSON.stringify({ sales: SALES, saleLines: SALES * 2, supplies: SUPPLIES, seconds: (performance.now() - started) / 1000 }));
await db.destroy();
