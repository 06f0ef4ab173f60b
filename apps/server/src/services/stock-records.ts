import type { StockRecord, stockListQuerySchema, stockRecordInputSchema } from '@shop/contracts/stock';
import { sql } from 'kysely';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import { notFound, unprocessable } from '../lib/errors';
import { fromCents, toCents } from '@shop/contracts/money';
import { paginate } from '../lib/paginate';
import { actorCan, type Actor, type ServiceContext } from './context';
import { shopToday } from './settings';
import { createBatch, lockProducts, recordMovement } from './stock-ledger';
import { auditedWrite } from './write';

type StockRecordInput = z.output<typeof stockRecordInputSchema>;

/** Receipts: batches that came from a supply or a manual stock record (not count corrections), still holding a quantity. */
function receipts(ctx: ServiceContext, q?: string) {
  let select = ctx.db
    .selectFrom('stock_batches')
    .innerJoin('products', 'products.id', 'stock_batches.product_id')
    .leftJoin('supply_items', 'supply_items.batch_id', 'stock_batches.id')
    .where('stock_batches.source', 'in', ['supply', 'manual'])
    .where('stock_batches.quantity', '!=', 0);
  if (q) {
    select = select.where((eb) => {
      const byId = /^\d+$/.test(q) ? [eb('stock_batches.product_id', '=', Number(q)), eb('stock_batches.id', '=', Number(q))] : [];
      return eb.or([containsInsensitive(ctx.kind, eb.ref('stock_batches.notes'), q), containsInsensitive(ctx.kind, eb.ref('products.name'), q), ...byId]);
    });
  }
  return select;
}

type Receipts = ReturnType<typeof receipts>;
const withColumns = (select: Receipts) =>
  select.selectAll('stock_batches').select(['products.name as product_name', 'products.sku as product_sku', 'supply_items.supply_id']);
type RecordRow = Awaited<ReturnType<ReturnType<typeof withColumns>['executeTakeFirstOrThrow']>>;

const toStockRecord = (row: RecordRow): StockRecord => ({
  id: row.id,
  product_id: row.product_id,
  product_name: row.product_name,
  product_sku: row.product_sku,
  quantity: row.quantity,
  remaining: row.remaining,
  price_in: fromCents(row.unit_cost_cents),
  received_date: row.received_date,
  expire_date: row.expire_date,
  notes: row.notes,
  source: row.source,
  supply_id: row.supply_id,
  created_at: row.created_at,
});

/** A receipt as this viewer may see it: without `costs:view`, quantities only. */
const forViewer = (record: StockRecord, seesCosts: boolean): StockRecord => {
  if (seesCosts) return record;
  const { price_in: _cost, ...quantities } = record;
  return quantities;
};

export async function listStockRecords(ctx: ServiceContext, query: z.output<typeof stockListQuerySchema>, viewer: Actor) {
  const seesCosts = actorCan(viewer, 'costs:view');
  let filtered = receipts(ctx, query.q);
  if (query.product_id !== undefined) filtered = filtered.where('stock_batches.product_id', '=', query.product_id);
  const select = withColumns(filtered).orderBy('stock_batches.received_date', 'desc').orderBy('stock_batches.id', 'desc');
  const page = await paginate(select, query.page, query.per_page);
  const totals = await filtered
    .select([
      sql<number>`coalesce(sum(stock_batches.quantity), 0)`.as('quantity'),
      sql<number>`coalesce(sum(stock_batches.quantity * stock_batches.unit_cost_cents), 0)`.as('value_cents'),
      sql<number>`coalesce(avg(stock_batches.unit_cost_cents), 0)`.as('average_cents'),
    ])
    .executeTakeFirstOrThrow();
  return {
    data: page.rows.map((row) => forViewer(toStockRecord(row), seesCosts)),
    meta: {
      ...page.meta,
      // Over the whole filtered set, not the page: the screen's totals footer.
      totals: {
        quantity: Number(totals.quantity),
        ...(seesCosts
          ? { average_price_in: fromCents(Math.round(Number(totals.average_cents))), value: fromCents(Number(totals.value_cents)) }
          : {}),
      },
    },
  };
}

export async function getStockRecord(ctx: ServiceContext, id: number): Promise<StockRecord> {
  const row = await withColumns(receipts(ctx)).where('stock_batches.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Stock record not found.');
  return toStockRecord(row);
}

/** A manual receipt: stock that arrived without a supply document. */
export function createStockRecord(ctx: ServiceContext, input: StockRecordInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', entity: 'stock_record', conflictMessage: 'This stock record conflicts with another.' }, async (tx) => {
    // As a checkout does: the catalogue lock, then the product, before the batch refers to it.
    await lockProducts(tx, [input.product_id]);
    const product = await tx.db.selectFrom('products').select('id').where('id', '=', input.product_id).executeTakeFirst();
    if (!product) throw unprocessable('The selected product does not exist.', { field: 'product_id' });
    const receivedDate = input.received_date ?? (await shopToday(tx));
    const unitCostCents = toCents(input.price_in);
    const id = await createBatch(tx, {
      productId: input.product_id,
      source: 'manual',
      quantity: input.quantity,
      unitCostCents,
      receivedDate,
      expireDate: input.expire_date,
      notes: input.notes,
      userId: actor.userId,
    });
    await recordMovement(tx, {
      productId: input.product_id,
      quantity: input.quantity,
      unitCostCents,
      kind: 'receipt',
      businessDate: receivedDate,
      batchId: id,
      referenceType: 'stock_record',
      referenceId: id,
      userId: actor.userId,
    });
    const result = await getStockRecord(tx, id);
    return { id, after: result, result };
  });
}
