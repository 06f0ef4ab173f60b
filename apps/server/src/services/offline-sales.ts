import { fromCents } from '@shop/contracts/money';
import type { OfflineFlag, OfflineFlagListQuery } from '@shop/contracts/offline-sale';
import type { Insertable } from 'kysely';
import { containsInsensitive } from '../db/dialect';
import type { OfflineFlagsTable } from '../db/schema';
import { paginate } from '../lib/paginate';
import type { ServiceContext } from './context';
import { saleCode, saleNumberIn } from '../lib/document-codes';
import { notifyOfflineShortStock } from './notifications';

/*
 * Sales made while the till was offline (docs/decisions/0016-offline-selling.md). Checkout records
 * them as the till made them; this module finds one again by the till's id for it, and lists for
 * a Manager what differed from the server's own figures.
 */

/** The sale already recorded under the till's id for it, if any. */
export async function offlineSaleId(ctx: ServiceContext, clientId: string): Promise<number | null> {
  return (await ctx.db.selectFrom('sales').select('id').where('client_id', '=', clientId).executeTakeFirst())?.id ?? null;
}

/** One line of an offline sale as the flags compare it: per unit after promotion, options included. */
export interface OfflineLine {
  product: { id: number; name: string; sku: string; track_stock: number };
  quantity: number;
  tillUnitCents: number;
  catalogueUnitCents: number;
}

type FlagValues = Omit<Insertable<OfflineFlagsTable>, 'sale_id' | 'created_at'>;

/**
 * Checkout's step for an offline sale, once its lines and stock are written: a `price` flag per
 * line sold at another price than the catalogue's now, a `short_stock` flag (and a notice to
 * whoever manages stock) per tracked product now below zero, and `no_shift` when the till's
 * shift had closed and the shop requires one.
 */
export async function flagOfflineSale(tx: ServiceContext, sale: { saleId: number; lines: readonly OfflineLine[]; noShift: boolean }): Promise<void> {
  const createdAt = tx.clock.now().toISOString();
  const flag = (values: FlagValues): Insertable<OfflineFlagsTable> => ({ ...values, sale_id: sale.saleId, created_at: createdAt });
  const flags: FlagValues[] = [];
  if (sale.noShift) flags.push({ kind: 'no_shift' });
  for (const line of sale.lines) {
    if (line.tillUnitCents === line.catalogueUnitCents) continue;
    flags.push({
      kind: 'price',
      product_id: line.product.id,
      quantity: line.quantity,
      till_price_cents: line.tillUnitCents,
      catalogue_price_cents: line.catalogueUnitCents,
      difference_cents: line.quantity * (line.tillUnitCents - line.catalogueUnitCents),
    });
  }
  if (flags.length) await tx.db.insertInto('offline_flags').values(flags.map(flag)).execute();

  for (const short of await soldShort(tx, sale.lines)) {
    const { id } = await tx.db
      .insertInto('offline_flags')
      .values(flag({ kind: 'short_stock', product_id: short.product.id, quantity: short.quantity, on_hand_after: short.onHand }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await notifyOfflineShortStock(tx, id, { product: short.product.name, sku: short.product.sku, quantity: short.quantity, onHand: short.onHand });
  }
}

/** The tracked products of the sale whose on-hand is now below zero, with what the sale took of each. */
async function soldShort(tx: ServiceContext, lines: readonly OfflineLine[]) {
  const sold = new Map<number, { product: OfflineLine['product']; quantity: number }>();
  for (const { product, quantity } of lines) {
    if (product.track_stock !== 1) continue;
    sold.set(product.id, { product, quantity: (sold.get(product.id)?.quantity ?? 0) + quantity });
  }
  if (sold.size === 0) return [];
  const below = await tx.db.selectFrom('products').select(['id', 'on_hand']).where('id', 'in', [...sold.keys()]).where('on_hand', '<', 0).orderBy('id').execute();
  return below.map((row) => ({ ...sold.get(row.id)!, onHand: row.on_hand }));
}

const cents = (value: number | null) => (value === null ? null : fromCents(value));

/** GET /sales/offline-review: what differed on offline sales, newest first. */
export async function listOfflineFlags(ctx: ServiceContext, query: OfflineFlagListQuery) {
  let select = ctx.db
    .selectFrom('offline_flags')
    .innerJoin('sales', 'sales.id', 'offline_flags.sale_id')
    .leftJoin('tills', 'tills.id', 'sales.till_id')
    .leftJoin('users', 'users.id', 'sales.user_id')
    .leftJoin('products', 'products.id', 'offline_flags.product_id')
    .selectAll('offline_flags')
    .select([
      'sales.number as sale_number',
      'sales.offline_number',
      'sales.sale_date',
      'sales.till_id',
      'tills.name as till_name',
      'sales.user_id',
      'users.name as cashier_name',
      'products.name as product_name',
      'products.sku as product_sku',
    ]);
  if (query.kind) select = select.where('offline_flags.kind', '=', query.kind);
  if (query.q) {
    const q = query.q;
    const number = saleNumberIn(q);
    select = select.where((eb) => eb.or([...(number === null ? [] : [eb('sales.number', '=', number)]), containsInsensitive(ctx.kind, eb.ref('sales.offline_number'), q)]));
  }
  const page = await paginate(select.orderBy('offline_flags.id', 'desc'), query.page, query.per_page);
  const data: OfflineFlag[] = page.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    sale_id: row.sale_id,
    sale_code: saleCode(row.sale_number),
    offline_number: row.offline_number ?? '',
    sale_date: row.sale_date,
    till: row.till_id !== null && row.till_name !== null ? { id: row.till_id, name: row.till_name } : null,
    cashier: row.user_id !== null && row.cashier_name !== null ? { id: row.user_id, name: row.cashier_name } : null,
    product: row.product_id !== null && row.product_name !== null && row.product_sku !== null ? { id: row.product_id, name: row.product_name, sku: row.product_sku } : null,
    quantity: row.quantity,
    on_hand_after: row.on_hand_after,
    till_price: cents(row.till_price_cents),
    catalogue_price: cents(row.catalogue_price_cents),
    difference: cents(row.difference_cents),
    created_at: row.created_at,
  }));
  return { data, meta: page.meta };
}
