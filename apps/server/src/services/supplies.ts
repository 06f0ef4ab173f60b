import { SUPPLY_MESSAGES, type Supply, type SupplyListQuery, type supplyInputSchema } from '@shop/contracts/supply';
import { sql } from 'kysely';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import { conflict, notFound, refuseFields, unprocessable } from '../lib/errors';
import { fromCents, toCents } from '@shop/contracts/money';
import type { Actor, ServiceContext } from './context';
import { createBatch, lockProducts, recordMovement } from './stock-ledger';
import { auditedWrite } from './write';

type SupplyInput = z.output<typeof supplyInputSchema>;

function selectSupplies(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('supplies')
    .innerJoin('suppliers', 'suppliers.id', 'supplies.supplier_id')
    .selectAll('supplies')
    .select('suppliers.name as supplier_name')
    .select((eb) => [
      eb.selectFrom('supply_items').whereRef('supply_items.supply_id', '=', 'supplies.id').select(eb.fn.countAll<number>().as('n')).as('items_count'),
      eb
        .selectFrom('supply_items')
        .whereRef('supply_items.supply_id', '=', 'supplies.id')
        .select((ib) => ib.fn.coalesce(ib.fn.sum<number>('supply_items.supply_quantity'), ib.lit(0)).as('q'))
        .as('total_qty'),
      eb
        .selectFrom('supply_items')
        .whereRef('supply_items.supply_id', '=', 'supplies.id')
        .select((ib) => ib.fn.coalesce(ib.fn.sum<number>(ib('supply_quantity', '*', ib.ref('unit_price_cents'))), ib.lit(0)).as('s'))
        .as('subtotal_cents'),
    ]);
}

type SupplyRow = Awaited<ReturnType<ReturnType<typeof selectSupplies>['executeTakeFirstOrThrow']>>;

function toSupply(row: SupplyRow): Supply {
  const subtotal = Number(row.subtotal_cents ?? 0);
  return {
    id: row.id,
    supplier_id: row.supplier_id,
    supplier: { id: row.supplier_id, name: row.supplier_name },
    supplier_name: row.supplier_name,
    invoice_id: row.invoice_id,
    invoice_date: row.invoice_date,
    date: row.invoice_date,
    reference: row.reference,
    payment_method: row.payment_method,
    status: row.status,
    notes: row.notes,
    subtotal: fromCents(subtotal),
    tax: fromCents(row.tax_cents),
    freight: fromCents(row.freight_cents),
    total: fromCents(subtotal + row.tax_cents + row.freight_cents),
    items_count: Number(row.items_count ?? 0),
    total_qty: Number(row.total_qty ?? 0),
    created_at: row.created_at,
  };
}

export async function listSupplies(ctx: ServiceContext, query: SupplyListQuery) {
  let select = selectSupplies(ctx);
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([
        containsInsensitive(ctx.kind, eb.ref('supplies.invoice_id'), q),
        containsInsensitive(ctx.kind, eb.ref('suppliers.name'), q),
        containsInsensitive(ctx.kind, eb.ref('supplies.reference'), q),
        containsInsensitive(ctx.kind, eb.ref('supplies.notes'), q),
      ]),
    );
  }
  if (query.supplier_id !== undefined) select = select.where('supplies.supplier_id', '=', query.supplier_id);
  if (query.from) select = select.where('supplies.invoice_date', '>=', query.from);
  if (query.to) select = select.where('supplies.invoice_date', '<=', query.to);
  if (query.payment) select = select.where('supplies.payment_method', '=', query.payment);
  if (query.status) select = select.where('supplies.status', '=', query.status);

  const sums = await ctx.db
    .selectFrom(select.as('s'))
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(s.items_count), 0)`.as('items'),
      sql<number>`coalesce(sum(s.total_qty), 0)`.as('qty'),
      sql<number>`coalesce(sum(s.subtotal_cents), 0)`.as('subtotal'),
      sql<number>`coalesce(sum(s.tax_cents), 0)`.as('tax'),
      sql<number>`coalesce(sum(s.freight_cents), 0)`.as('freight'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(sums.orders);
  const rows =
    total === 0
      ? []
      : await select
          .orderBy('supplies.invoice_date', 'desc')
          .orderBy('supplies.id', 'desc')
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page)
          .execute();
  const cents = (key: 'subtotal' | 'tax' | 'freight') => Number(sums[key]);
  return {
    data: rows.map(toSupply),
    meta: {
      total,
      per_page: query.per_page,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      totals: {
        orders: total,
        items: Number(sums.items),
        qty: Number(sums.qty),
        subtotal: fromCents(cents('subtotal')),
        tax: fromCents(cents('tax')),
        freight: fromCents(cents('freight')),
        total: fromCents(cents('subtotal') + cents('tax') + cents('freight')),
      },
    },
  };
}

export async function getSupply(ctx: ServiceContext, id: number): Promise<Supply> {
  const row = await selectSupplies(ctx).where('supplies.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SUPPLY_MESSAGES.notFound);
  const items = await ctx.db
    .selectFrom('supply_items')
    .innerJoin('products', 'products.id', 'supply_items.product_id')
    .innerJoin('stock_batches', 'stock_batches.id', 'supply_items.batch_id')
    .select([
      'supply_items.id',
      'supply_items.product_id',
      'supply_items.supply_quantity',
      'supply_items.unit_price_cents',
      'supply_items.expire_date',
      'supply_items.received_date',
      'supply_items.notes',
      'products.name as product_name',
      'products.sku as product_sku',
      'stock_batches.remaining',
    ])
    .where('supply_items.supply_id', '=', id)
    .orderBy('supply_items.id')
    .execute();
  return {
    ...toSupply(row),
    items: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      product: { id: item.product_id, name: item.product_name, sku: item.product_sku },
      supply_quantity: item.supply_quantity,
      unit_price: fromCents(item.unit_price_cents),
      line_total: fromCents(item.supply_quantity * item.unit_price_cents),
      expire_date: item.expire_date,
      received_date: item.received_date,
      notes: item.notes,
      remaining: item.remaining,
    })),
  };
}

/** The note every receipt of a supply carries: 'Supply INV-1' plus ' — ' and the line's note. */
export const receiptNote = (invoiceId: string, lineNote: string | null) => `Supply ${invoiceId}${lineNote ? ` — ${lineNote}` : ''}`;

async function checkReferences(tx: ServiceContext, input: SupplyInput) {
  const supplier = await tx.db.selectFrom('suppliers').select('id').where('id', '=', input.supplier_id).executeTakeFirst();
  if (!supplier) throw unprocessable(SUPPLY_MESSAGES.supplierMissing, { field: 'supplier_id' });

  const productIds = [...new Set(input.items.map((line) => line.product_id))];
  const found = new Set((await tx.db.selectFrom('products').select('id').where('id', 'in', productIds).execute()).map((p) => p.id));
  const errors: Record<string, string[]> = {};
  input.items.forEach((line, index) => {
    if (!found.has(line.product_id)) errors[`items.${index}.product_id`] = ['The selected product does not exist.'];
  });
  refuseFields(errors);

  const taken = await tx.db
    .selectFrom('supplies')
    .select('id')
    .where('supplier_id', '=', input.supplier_id)
    .where((eb) => eb(eb.fn('lower', ['invoice_id']), '=', input.invoice_id.toLowerCase()))
    .executeTakeFirst();
  if (taken) throw conflict(SUPPLY_MESSAGES.invoiceTaken, { field: 'invoice_id' });
}

/** The supply, its lines, one batch and one receipt per line: all in one transaction, or nothing. */
export function createSupply(ctx: ServiceContext, input: SupplyInput, actor: Actor) {
  return auditedWrite(
    ctx,
    actor,
    { action: 'create', entity: 'supply', conflictMessage: SUPPLY_MESSAGES.invoiceTaken, conflictField: 'invoice_id' },
    async (tx) => {
      // Its products in id order before any line touches one, as a checkout takes them: no circle of waits.
      await lockProducts(tx, input.items.map((line) => line.product_id));
      await checkReferences(tx, input);
      const now = tx.clock.now().toISOString();
      const { id } = await tx.db
        .insertInto('supplies')
        .values({
          supplier_id: input.supplier_id,
          invoice_id: input.invoice_id,
          invoice_date: input.invoice_date,
          reference: input.reference,
          payment_method: input.payment_method,
          status: 'Received',
          tax_cents: toCents(input.tax ?? 0),
          freight_cents: toCents(input.freight ?? 0),
          notes: input.notes,
          created_by: actor.userId,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const line of input.items) {
        await addSupplyLine(tx, actor, { supplyId: id, invoiceId: input.invoice_id, invoiceDate: input.invoice_date, ...line });
      }
      const result = await getSupply(tx, id);
      return { id, after: result, result };
    },
  );
}

export interface SupplyLine {
  supplyId: number;
  invoiceId: string;
  invoiceDate: string;
  product_id: number;
  supply_quantity: number;
  unit_price: number;
  expire_date: string | null;
  received_date?: string | null;
  notes?: string | null;
}

/** One received line: its batch, the item row, and the receipt in the ledger. */
export async function addSupplyLine(tx: ServiceContext, actor: Actor, line: SupplyLine): Promise<number> {
  const receivedDate = line.received_date ?? line.invoiceDate;
  const unitCostCents = toCents(line.unit_price);
  const batchId = await createBatch(tx, {
    productId: line.product_id,
    source: 'supply',
    quantity: line.supply_quantity,
    unitCostCents,
    receivedDate,
    expireDate: line.expire_date,
    notes: receiptNote(line.invoiceId, line.notes ?? null),
    userId: actor.userId,
  });
  const now = tx.clock.now().toISOString();
  const { id } = await tx.db
    .insertInto('supply_items')
    .values({
      supply_id: line.supplyId,
      product_id: line.product_id,
      batch_id: batchId,
      supply_quantity: line.supply_quantity,
      unit_price_cents: unitCostCents,
      expire_date: line.expire_date,
      received_date: receivedDate,
      notes: line.notes ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordMovement(tx, {
    productId: line.product_id,
    quantity: line.supply_quantity,
    unitCostCents,
    kind: 'receipt',
    businessDate: receivedDate,
    batchId,
    referenceType: 'supply_item',
    referenceId: id,
    userId: actor.userId,
  });
  return id;
}
