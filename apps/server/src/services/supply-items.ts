import type { SupplyItem, supplyItemInputSchema, supplyItemListQuerySchema } from '@shop/contracts/supply';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import { notFound, refuseFields } from '../lib/errors';
import { fromCents, toCents } from '@shop/contracts/money';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { shopToday } from './settings';
import { createBatch, recordMovement, resizeBatch } from './stock-ledger';
import { productsChanged } from './catalog-version';
import { addSupplyLine, receiptNote } from './supplies';
import { auditedWrite } from './write';

type SupplyItemInput = z.output<typeof supplyItemInputSchema>;

function selectItems(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('supply_items')
    .innerJoin('supplies', 'supplies.id', 'supply_items.supply_id')
    .innerJoin('suppliers', 'suppliers.id', 'supplies.supplier_id')
    .innerJoin('products', 'products.id', 'supply_items.product_id')
    .innerJoin('stock_batches', 'stock_batches.id', 'supply_items.batch_id')
    .selectAll('supply_items')
    .select([
      'supplies.invoice_id',
      'supplies.invoice_date',
      'suppliers.id as supplier_id',
      'suppliers.name as supplier_name',
      'products.name as product_name',
      'products.sku as product_sku',
      'stock_batches.remaining',
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

const toItem = (row: ItemRow): SupplyItem => ({
  id: row.id,
  supply_id: row.supply_id,
  product_id: row.product_id,
  product_name: row.product_name,
  product: { id: row.product_id, name: row.product_name, sku: row.product_sku },
  supply: { id: row.supply_id, invoice_id: row.invoice_id, supplier: { id: row.supplier_id, name: row.supplier_name } },
  supply_quantity: row.supply_quantity,
  unit_price: fromCents(row.unit_price_cents),
  line_total: fromCents(row.supply_quantity * row.unit_price_cents),
  expire_date: row.expire_date,
  received_date: row.received_date,
  notes: row.notes,
  remaining: row.remaining,
});

export async function listSupplyItems(ctx: ServiceContext, query: z.output<typeof supplyItemListQuerySchema>) {
  let select = selectItems(ctx).orderBy('supply_items.id', 'desc');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([
        containsInsensitive(ctx.kind, eb.ref('products.name'), q),
        containsInsensitive(ctx.kind, eb.ref('products.sku'), q),
        containsInsensitive(ctx.kind, eb.ref('supplies.invoice_id'), q),
      ]),
    );
  }
  if (query.supply_id !== undefined) select = select.where('supply_items.supply_id', '=', query.supply_id);
  if (query.product_id !== undefined) select = select.where('supply_items.product_id', '=', query.product_id);
  const page = await paginate(select, query.page, query.per_page);
  return { data: page.rows.map(toItem), meta: page.meta };
}

export async function getSupplyItem(ctx: ServiceContext, id: number): Promise<SupplyItem> {
  const row = await selectItems(ctx).where('supply_items.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Supply item not found.');
  return toItem(row);
}

async function checkReferences(tx: ServiceContext, input: SupplyItemInput) {
  const errors: Record<string, string[]> = {};
  const supply = await tx.db.selectFrom('supplies').select(['id', 'invoice_id', 'invoice_date']).where('id', '=', input.supply_id).executeTakeFirst();
  if (!supply) errors.supply_id = ['The selected supply does not exist.'];
  const product = await tx.db.selectFrom('products').select('id').where('id', '=', input.product_id).executeTakeFirst();
  if (!product) errors.product_id = ['The selected product does not exist.'];
  refuseFields(errors);
  return supply!;
}

const auditInfo = { entity: 'supply_item', conflictMessage: 'This supply item conflicts with another.' };

export function createSupplyItem(ctx: ServiceContext, input: SupplyItemInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...auditInfo }, async (tx) => {
    const supply = await checkReferences(tx, input);
    const id = await addSupplyLine(tx, actor, { supplyId: supply.id, invoiceId: supply.invoice_id, invoiceDate: supply.invoice_date, ...input });
    const result = await getSupplyItem(tx, id);
    return { id, after: result, result };
  });
}

/**
 * Corrects a received line. History is not rewritten: the difference goes into the ledger as a
 * correcting movement, and the batch shrinks or grows — refused if what was sold no longer fits.
 */
export function updateSupplyItem(ctx: ServiceContext, id: number, input: SupplyItemInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...auditInfo }, async (tx) => {
    const before = await getSupplyItem(tx, id);
    const supply = await checkReferences(tx, input);
    const item = await tx.db.selectFrom('supply_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const unitCostCents = toCents(input.unit_price);
    // A correction happens today; past days' figures stay as they were reported.
    const today = await shopToday(tx);
    const correction = (productId: number, quantity: number, batchId: number, cost: number) =>
      recordMovement(tx, {
        productId,
        quantity,
        unitCostCents: cost,
        kind: 'receipt_correction',
        businessDate: today,
        batchId,
        referenceType: 'supply_item',
        referenceId: id,
        userId: actor.userId,
      });

    let batchId = item.batch_id;
    if (input.product_id !== item.product_id) {
      // Another product entirely: the old batch goes back to nothing, a new one comes in.
      await resizeBatch(tx, item.batch_id, -item.supply_quantity);
      await correction(item.product_id, -item.supply_quantity, item.batch_id, item.unit_price_cents);
      batchId = await createBatch(tx, {
        productId: input.product_id,
        source: 'supply',
        quantity: input.supply_quantity,
        unitCostCents,
        receivedDate: item.received_date,
        expireDate: input.expire_date,
        notes: receiptNote(supply.invoice_id, item.notes),
        userId: actor.userId,
      });
      await correction(input.product_id, input.supply_quantity, batchId, unitCostCents);
    } else {
      const delta = input.supply_quantity - item.supply_quantity;
      await resizeBatch(tx, item.batch_id, delta);
      await correction(item.product_id, delta, item.batch_id, unitCostCents);
      await tx.db.updateTable('stock_batches').set({ unit_cost_cents: unitCostCents, expire_date: input.expire_date }).where('id', '=', item.batch_id).execute();
      // The batch's date decides what the till counts as expired.
      await productsChanged(tx, [item.product_id]);
    }

    const moved = input.supply_id !== item.supply_id;
    await tx.db
      .updateTable('supply_items')
      .set({
        supply_id: input.supply_id,
        product_id: input.product_id,
        batch_id: batchId,
        supply_quantity: input.supply_quantity,
        unit_price_cents: unitCostCents,
        expire_date: input.expire_date,
        ...(moved ? { received_date: supply.invoice_date } : {}),
        updated_at: tx.clock.now().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    const result = await getSupplyItem(tx, id);
    return { id, before, after: result, result };
  });
}

/** Takes a received line back out of stock; refused once any of it has been sold. */
export function deleteSupplyItem(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...auditInfo }, async (tx) => {
    const before = await getSupplyItem(tx, id);
    const item = await tx.db.selectFrom('supply_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await resizeBatch(tx, item.batch_id, -item.supply_quantity);
    await recordMovement(tx, {
      productId: item.product_id,
      quantity: -item.supply_quantity,
      unitCostCents: item.unit_price_cents,
      kind: 'receipt_correction',
      businessDate: await shopToday(tx),
      batchId: item.batch_id,
      referenceType: 'supply_item',
      referenceId: id,
      userId: actor.userId,
    });
    await tx.db.deleteFrom('supply_items').where('id', '=', id).execute();
    return { id, before, result: undefined };
  });
}
