import { SEARCH_GROUP_LIMIT, type ProductHit, type SearchResults } from '@shop/contracts/search';
import type { SelectQueryBuilder } from 'kysely';
import { containsInsensitive } from '../db/dialect';
import type { Database } from '../db/schema';
import { fromCents } from '@shop/contracts/money';
import { keyedReads, type Actor, type ServiceContext } from './context';
import { saleCode, saleNumberIn } from '../lib/document-codes';
import { newestFound } from './products';
import { visibleSales } from './sales';

/**
 * An exact match (read through a unique index) goes first, then the newest "contains" matches.
 * They are asked apart because an OR with a LIKE would make the exact lookup a table scan too.
 */
async function exactThenContaining<T extends { id: number }>(exact: Promise<T[]> | null, containing: Promise<T[]>): Promise<T[]> {
  const [first, rest] = await Promise.all([exact ?? Promise.resolve([]), containing]);
  const seen = new Set(first.map((row) => row.id));
  return [...first, ...rest.filter((row) => !seen.has(row.id))].slice(0, SEARCH_GROUP_LIMIT);
}

/**
 * A scanned barcode's product first (one read by its unique index), then the newest the product
 * list's search finds for the text: the same rule, from the same index in memory
 * (services/product-search.ts), so the database reads only the few rows shown.
 */
async function findProducts(ctx: ServiceContext, q: string): Promise<ProductHit[]> {
  const scanned = keyedReads(ctx).db.selectFrom('products').select(['id', 'name', 'sku', 'barcode', 'price_cents', 'active', 'image']).where('barcode', '=', q).execute();
  return exactThenContaining(
    scanned.then((rows) => rows.map(({ price_cents, active, ...row }) => ({ ...row, price: fromCents(price_cents), active: active === 1 }))),
    newestFound(ctx, q, SEARCH_GROUP_LIMIT).then((products) => products.map(({ id, name, sku, barcode, price, active, image }) => ({ id, name, sku, barcode, price, active, image }))),
  );
}

async function findOrders(ctx: ServiceContext, q: string, viewer: Actor) {
  const select = visibleSales(ctx, viewer).select(['sales.id', 'sales.number', 'sales.customer_name', 'sales.total_cents', 'sales.sale_date', 'sales.business_date', 'sales.status']);
  const number = saleNumberIn(q);
  const rows = await exactThenContaining(
    number === null ? null : select.where('sales.number', '=', number).execute(),
    ordersOfCustomersNamed(ctx, q, select),
  );
  return rows.map(({ number: saleNumber, total_cents, ...row }) => ({ ...row, number: saleCode(saleNumber), total: fromCents(total_cents) }));
}

/**
 * A customer's orders through the sales_customer index: matching the name copied on each sale
 * would scan a year of sales whenever no customer has that name (most searches, e.g. a product).
 * So an order is found under its customer's current name, and not once that customer is deleted.
 */
async function ordersOfCustomersNamed<Row>(ctx: ServiceContext, q: string, sales: SelectQueryBuilder<Database, 'sales', Row>): Promise<Row[]> {
  const named = ctx.db.selectFrom('customers').select('customers.id').where((eb) => containsInsensitive(ctx.kind, eb.ref('customers.name'), q));
  // Staff's sales are read through their user index, which would walk all of them for a name nobody has.
  if (!(await named.limit(1).executeTakeFirst())) return [];
  return sales.where('sales.customer_id', 'in', named).orderBy('sales.id', 'desc').limit(SEARCH_GROUP_LIMIT).execute();
}

function findCustomers(ctx: ServiceContext, q: string) {
  return ctx.db
    .selectFrom('customers')
    .select(['id', 'name', 'email', 'phone'])
    .where((eb) => eb.or((['name', 'email', 'phone'] as const).map((column) => containsInsensitive(ctx.kind, eb.ref(column), q))))
    .orderBy('id', 'desc')
    .limit(SEARCH_GROUP_LIMIT)
    .execute();
}

/** The header's search: the newest few products, orders (Staff: their own) and customers matching `q`. */
export async function searchEverything(ctx: ServiceContext, q: string, viewer: Actor): Promise<SearchResults> {
  const [products, orders, customers] = await Promise.all([findProducts(ctx, q), findOrders(ctx, q, viewer), findCustomers(ctx, q)]);
  return { products, orders, customers };
}
