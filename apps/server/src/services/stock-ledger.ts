import { sql, type Kysely } from 'kysely';
import { compiledOnce, type Rows } from '../db/compiled-once';
import type { BatchSource, Database, MovementKind, MovementReference } from '../db/schema';
import { conflict, unprocessable } from '../lib/errors';
import { countNoun } from '../lib/text';
import type { ServiceContext } from './context';
import { notifyLowStock } from './notifications';
import { catalogChanged, holdCatalogShared } from './catalog-version';

/*
 * The only way stock changes. Every change is a signed movement row, and the product's on-hand
 * figure moves by the same amount in the same transaction, so on-hand always equals the sum of
 * the ledger. Batches say where stock came from, what it cost and when it expires.
 * Call these inside a transaction.
 */

export interface MovementInput {
  productId: number;
  quantity: number;
  unitCostCents: number;
  kind: MovementKind;
  businessDate: string;
  batchId: number | null;
  referenceType: MovementReference;
  referenceId: number;
  userId: number | null;
}

export async function recordMovement(tx: ServiceContext, movement: MovementInput): Promise<void> {
  await recordMovements(tx, [movement]);
}

/** A receipt into a batch first covers what was sold short of that product (settleSoldShort). */
const settles = (movement: MovementInput) => movement.quantity > 0 && movement.batchId !== null;

/**
 * A document's movements (a sale's lines) in a few statements whatever their number: the rows,
 * then each product's on-hand figure by the product's total, then the months. Receipts into
 * batches go one at a time, since each may settle units sold short before the next.
 */
export async function recordMovements(tx: ServiceContext, movements: readonly MovementInput[]): Promise<void> {
  const moving = movements.filter((movement) => movement.quantity !== 0);
  if (moving.length === 0) return;
  if (moving.length > 1 && moving.some(settles)) {
    for (const movement of moving) await recordMovements(tx, [movement]);
    return;
  }
  if (settles(moving[0]!)) await settleSoldShort(tx, moving[0]!.productId, moving[0]!.batchId!, moving[0]!.quantity);
  const createdAt = tx.clock.now().toISOString();
  const inserted = await insertMovements(
    tx,
    moving.map((movement) => ({
      product_id: movement.productId,
      quantity: movement.quantity,
      unit_cost_cents: movement.unitCostCents,
      kind: movement.kind,
      business_date: movement.businessDate,
      batch_id: movement.batchId,
      reference_type: movement.referenceType,
      reference_id: movement.referenceId,
      user_id: movement.userId,
      created_at: createdAt,
    })),
  );
  // One statement's rows take their ids in the order they are listed.
  const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
  const byProduct = new Map<number, { quantity: number; lastMovementId: number }>();
  moving.forEach((movement, index) => {
    const seen = byProduct.get(movement.productId);
    byProduct.set(movement.productId, { quantity: (seen?.quantity ?? 0) + movement.quantity, lastMovementId: ids[index]! });
  });
  // The till's row shows the stock: it moves to the next catalogue version in the same update.
  const rev = await catalogChanged(tx);
  const products = await moveOnHand(
    tx,
    [...byProduct].map(([id, entry]) => ({ id, by: entry.quantity })),
    rev,
  );
  await addToMonths(tx, moving);
  for (const product of products.sort((a, b) => a.id - b.id)) {
    const { quantity, lastMovementId } = byProduct.get(product.id)!;
    const before = product.on_hand - quantity;
    if (product.track_stock && before > product.reorder_level && product.on_hand <= product.reorder_level) {
      await notifyLowStock(tx, lastMovementId, { id: product.id, name: product.name, sku: product.sku, onHand: product.on_hand, reorderLevel: product.reorder_level });
    }
  }
}

/** A change of a whole number, by row id. */
interface ById {
  id: number;
  by: number;
}

/** `case id when … then … end`: a whole number for each row of one update, by its id. */
function byId(rows: readonly ById[]) {
  const cases = rows.map((row) => sql`when ${row.id} then cast(${row.by} as integer)`);
  return sql<number>`case ${sql.ref('id')} ${sql.join(cases, sql` `)} end`;
}

// A sale's statements, built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").

const insertMovements = compiledOnce((db, rows: Rows<'stock_movements'>) => db.insertInto('stock_movements').values(rows).returning('id'));

const moveOnHand = compiledOnce((db, rows: ById[], rev: number) =>
  db
    .updateTable('products')
    .set((eb) => ({ on_hand: eb('on_hand', '+', byId(rows)), catalog_rev: rev }))
    .where('id', 'in', rows.map((row) => row.id))
    .returning(['id', 'name', 'sku', 'on_hand', 'reorder_level', 'track_stock']),
);

const addMonths = compiledOnce((db, rows: Rows<'stock_months'>) =>
  db
    .insertInto('stock_months')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['product_id', 'month']).doUpdateSet((eb) => ({
        purchased: eb('stock_months.purchased', '+', eb.ref('excluded.purchased')),
        sold: eb('stock_months.sold', '+', eb.ref('excluded.sold')),
        adjusted: eb('stock_months.adjusted', '+', eb.ref('excluded.adjusted')),
        net: eb('stock_months.net', '+', eb.ref('excluded.net')),
      })),
    ),
);

const giveFromBatches = compiledOnce((db, rows: ById[]) =>
  db
    .updateTable('stock_batches')
    .set((eb) => ({ remaining: eb('remaining', '-', byId(rows)) }))
    .where('id', 'in', rows.map((row) => row.id)),
);

const expiredOf = compiledOnce((db, productIds: number[], today: string) =>
  db
    .selectFrom('stock_batches')
    .select(['product_id', (eb) => eb.fn.sum<number>('remaining').as('expired')])
    .where('remaining', '>', 0)
    .where('expire_date', '<', today)
    .where('product_id', 'in', productIds)
    .groupBy('product_id'),
);

/** The batches of these products that still hold stock, first to be taken first: past their date last (never, for a sale), then the one that expires first, then the oldest. */
function batchesInOrder(db: Kysely<Database>, productIds: number[], today: string, sellable: boolean) {
  let select = db.selectFrom('stock_batches').select(['id', 'product_id', 'remaining', 'unit_cost_cents']).where('product_id', 'in', productIds).where('remaining', '>', 0);
  if (sellable) select = select.where((eb) => eb.or([eb('expire_date', 'is', null), eb('expire_date', '>=', today)]));
  return select
    .orderBy((eb) => eb.case().when('expire_date', '<', today).then(1).else(0).end())
    .orderBy((eb) => eb.case().when('expire_date', 'is', null).then(1).else(0).end())
    .orderBy('expire_date')
    .orderBy('received_date')
    .orderBy('id');
}

const sellableBatches = compiledOnce((db, productIds: number[], today: string) => batchesInOrder(db, productIds, today, true));
const anyBatches = compiledOnce((db, productIds: number[], today: string) => batchesInOrder(db, productIds, today, false));

/** Keeps stock_months (the ledger by product and month) in step, in the same transaction: one row per product and month. */
async function addToMonths(tx: ServiceContext, movements: readonly MovementInput[]): Promise<void> {
  const rows = new Map<string, { product_id: number; month: string; purchased: number; sold: number; adjusted: number; net: number }>();
  for (const movement of movements) {
    const receipt = movement.kind === 'receipt' || movement.kind === 'receipt_correction';
    const sale = movement.kind === 'sale' || movement.kind === 'refund';
    const month = movement.businessDate.slice(0, 7);
    const key = `${movement.productId} ${month}`;
    const row = rows.get(key) ?? { product_id: movement.productId, month, purchased: 0, sold: 0, adjusted: 0, net: 0 };
    row.purchased += receipt ? movement.quantity : 0;
    row.sold += sale ? -movement.quantity : 0;
    row.adjusted += movement.kind === 'adjustment' ? movement.quantity : 0;
    row.net += movement.quantity;
    rows.set(key, row);
  }
  await addMonths(tx, [...rows.values()]);
}

/**
 * Locks products for the rest of the transaction, in id order so two sales never wait on each
 * other in a circle. PostgreSQL needs it: two checkouts of the last unit would both read it as
 * on hand. SQLite runs one write transaction at a time, which is the same guarantee.
 */
export async function lockProducts(tx: ServiceContext, productIds: readonly number[]): Promise<void> {
  if (tx.kind !== 'postgres' || productIds.length === 0) return;
  // The catalogue lock before the rows: the writer will stamp them (see catalog-version.ts).
  await holdCatalogShared(tx);
  await tx.db
    .selectFrom('products')
    .select('id')
    .where('id', 'in', [...new Set(productIds)].sort((a, b) => a - b))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/**
 * With negative stock allowed, units sold past zero came out of no batch. Stock arriving later
 * covers them first, so the batches keep holding exactly what is on the shelf.
 */
async function settleSoldShort(tx: ServiceContext, productId: number, batchId: number, arriving: number): Promise<void> {
  const { on_hand } = await tx.db.selectFrom('products').select('on_hand').where('id', '=', productId).executeTakeFirstOrThrow();
  const owed = Math.min(arriving, -on_hand);
  if (owed <= 0) return;
  await tx.db
    .updateTable('stock_batches')
    .set((eb) => ({ remaining: eb('remaining', '-', owed) }))
    .where('id', '=', batchId)
    .execute();
}

export interface NewBatch {
  productId: number;
  source: BatchSource;
  quantity: number;
  unitCostCents: number;
  receivedDate: string;
  expireDate: string | null;
  notes: string | null;
  userId: number | null;
}

/** Opens a batch (no movement yet: the caller records the receipt against its own document). */
export async function createBatch(tx: ServiceContext, batch: NewBatch): Promise<number> {
  const { id } = await tx.db
    .insertInto('stock_batches')
    .values({
      product_id: batch.productId,
      source: batch.source,
      quantity: batch.quantity,
      remaining: batch.quantity,
      unit_cost_cents: batch.unitCostCents,
      received_date: batch.receivedDate,
      expire_date: batch.expireDate,
      notes: batch.notes,
      created_by: batch.userId,
      created_at: tx.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Grows or shrinks a batch as its receipt is corrected. Refused when the batch would hold less
 * than nothing because part of it has already left the shop.
 */
export async function resizeBatch(tx: ServiceContext, batchId: number, delta: number): Promise<void> {
  const batch = await tx.db.selectFrom('stock_batches').select(['quantity', 'remaining']).where('id', '=', batchId).executeTakeFirstOrThrow();
  if (batch.remaining + delta < 0) {
    const used = batch.quantity - batch.remaining;
    throw conflict(
      `Only ${batch.remaining} of this batch ${batch.remaining === 1 ? 'is' : 'are'} left: ${countNoun(used, 'unit')} ${used === 1 ? 'has' : 'have'} already been sold or written off.`,
    );
  }
  await tx.db
    .updateTable('stock_batches')
    .set((eb) => ({ quantity: eb('quantity', '+', delta), remaining: eb('remaining', '+', delta) }))
    .where('id', '=', batchId)
    .execute();
}

export interface BatchTake {
  batchId: number | null;
  quantity: number;
  unitCostCents: number;
}

/** Units on hand, per product, in batches whose date has passed on `today`: waiting to be written off, never sold. */
export async function expiredOnHand(tx: ServiceContext, productIds: readonly number[] | null, today: string): Promise<Map<number, number>> {
  if (productIds?.length === 0) return new Map();
  const rows = productIds
    ? await expiredOf(tx, [...productIds], today)
    : await expiredOnHandOfAll(tx.db, today).execute();
  return new Map(rows.map((row) => [row.product_id, Number(row.expired)]));
}

/** What each product still holds of batches past their date on `today`, as a query (products with none are absent). */
export function expiredOnHandOfAll(db: Kysely<Database>, today: string) {
  return db
    .selectFrom('stock_batches')
    .select(['product_id', (eb) => eb.fn.sum<number>('remaining').as('expired')])
    .where('remaining', '>', 0)
    .where('expire_date', '<', today)
    .groupBy('product_id');
}

/**
 * Takes `quantity` out of a product's batches: the one that expires first, then the oldest
 * (FEFO). A sale (`sellable`) never takes a batch already past its date on `today`; other takes
 * (a count correction) reach them last. What the batches cannot cover comes back as a take with
 * no batch, costed at the latest receipt, for the caller to allow (negative stock) or refuse.
 */
export async function takeFromBatches(
  tx: ServiceContext,
  productId: number,
  quantity: number,
  today: string,
  options: { sellable?: boolean } = {},
): Promise<BatchTake[]> {
  return (await takeForLines(tx, [{ productId, quantity }], today, options))[0]!;
}

/**
 * takeFromBatches for each line of a document, in order (two lines of one product take one after
 * the other), with one read of their batches and one write of what each batch gives.
 */
export async function takeForLines(
  tx: ServiceContext,
  lines: readonly { productId: number; quantity: number }[],
  today: string,
  options: { sellable?: boolean } = {},
): Promise<BatchTake[][]> {
  if (lines.length === 0) return [];
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const batches = await (options.sellable ? sellableBatches : anyBatches)(tx, productIds, today);
  const given = new Map<number, { remaining: number; taken: number }>();
  const takes: BatchTake[][] = [];
  for (const line of lines) {
    const own: BatchTake[] = [];
    let left = line.quantity;
    for (const batch of batches) {
      if (left === 0) break;
      if (batch.product_id !== line.productId) continue;
      const entry = given.get(batch.id) ?? { remaining: batch.remaining, taken: 0 };
      const take = Math.min(left, entry.remaining);
      if (take === 0) continue;
      given.set(batch.id, { remaining: entry.remaining - take, taken: entry.taken + take });
      own.push({ batchId: batch.id, quantity: take, unitCostCents: batch.unit_cost_cents });
      left -= take;
    }
    if (left > 0) own.push({ batchId: null, quantity: left, unitCostCents: await latestUnitCost(tx, line.productId) });
    takes.push(own);
  }
  if (given.size > 0) await giveFromBatches(tx, [...given].map(([id, entry]) => ({ id, by: entry.taken })));
  return takes;
}

/** Takes from one named batch (writing off an expired batch). */
export async function takeFromBatch(tx: ServiceContext, productId: number, batchId: number, quantity: number): Promise<BatchTake> {
  const batch = await tx.db
    .selectFrom('stock_batches')
    .select(['id', 'remaining', 'unit_cost_cents'])
    .where('id', '=', batchId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!batch) throw unprocessable('That batch is not a batch of this product.', { field: 'batch_id' });
  if (batch.remaining < quantity) throw conflict(`Only ${batch.remaining} left in this batch.`);
  await tx.db
    .updateTable('stock_batches')
    .set((eb) => ({ remaining: eb('remaining', '-', quantity) }))
    .where('id', '=', batchId)
    .execute();
  return { batchId, quantity, unitCostCents: batch.unit_cost_cents };
}

/** The cost of the newest receipt of a product, 0 when it was never received. */
export async function latestUnitCost(tx: ServiceContext, productId: number): Promise<number> {
  const row = await tx.db
    .selectFrom('stock_batches')
    .select('unit_cost_cents')
    .where('product_id', '=', productId)
    .orderBy('received_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.unit_cost_cents ?? 0;
}
