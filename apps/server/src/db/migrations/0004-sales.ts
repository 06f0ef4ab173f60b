import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

export function sales(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One row per tab of the Settings screen; the value is the section as JSON.
      await db.schema
        .createTable('settings')
        .addColumn('section', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      // Document numbers handed out inside the writing transaction: a rollback returns the
      // number, so the sequence has no gaps (unlike a database sequence).
      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into counters (name, value) values ('sale', 0), ('refund', 0)`.execute(db);

      await withId(kind, db.schema.createTable('sales'))
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('sale_date', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
        .addColumn('customer_name', 'text')
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('payment_method', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('items_count', 'integer', (c) => c.notNull())
        .addColumn('total_qty', 'integer', (c) => c.notNull())
        .addColumn('gross_cents', 'integer', (c) => c.notNull())
        .addColumn('discount_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_enabled', 'integer', (c) => c.notNull())
        .addColumn('tax_inclusive', 'integer', (c) => c.notNull())
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('service_bp', 'integer', (c) => c.notNull())
        .addColumn('service_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sales_business_date').on('sales').columns(['business_date', 'id']).execute();
      await db.schema.createIndex('sales_user_date').on('sales').columns(['user_id', 'business_date']).execute();
      await db.schema.createIndex('sales_customer').on('sales').column('customer_id').execute();

      await withId(kind, db.schema.createTable('sale_items'))
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('discount_bp', 'integer', (c) => c.notNull())
        .addColumn('promotion_id', 'integer', (c) => c.references('promotions.id').onDelete('set null'))
        .addColumn('discount_cents', 'integer', (c) => c.notNull())
        .addColumn('line_total_cents', 'integer', (c) => c.notNull())
        // What the goods cost the shop (from the batches they left), for margins and reports.
        .addColumn('cost_cents', 'integer', (c) => c.notNull())
        .addColumn('refunded_qty', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('sale_items_sale').on('sale_items').column('sale_id').execute();
      await db.schema.createIndex('sale_items_product').on('sale_items').column('product_id').execute();

      await withId(kind, db.schema.createTable('sale_payments'))
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('tendered_cents', 'integer', (c) => c.notNull())
        .addColumn('tendered_khr', 'integer', (c) => c.notNull())
        .addColumn('khr_per_usd', 'integer', (c) => c.notNull())
        .addColumn('change_cents', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sale_payments_sale').on('sale_payments').column('sale_id').execute();

      await withId(kind, db.schema.createTable('refunds'))
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('restock', 'integer', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refunds_sale').on('refunds').column('sale_id').execute();

      await withId(kind, db.schema.createTable('refund_items'))
        .addColumn('refund_id', 'integer', (c) => c.notNull().references('refunds.id'))
        .addColumn('sale_item_id', 'integer', (c) => c.notNull().references('sale_items.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refund_items_refund').on('refund_items').column('refund_id').execute();

      // A retried request replays its first answer instead of writing twice.
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },
  };
}
