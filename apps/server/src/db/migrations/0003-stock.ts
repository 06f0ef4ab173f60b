import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

export function stock(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('supplies'))
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('suppliers.id'))
        .addColumn('invoice_id', 'text', (c) => c.notNull())
        .addColumn('invoice_date', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('payment_method', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('Received'))
        .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('freight_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index supplies_supplier_invoice on supplies (supplier_id, lower(invoice_id))`.execute(db);
      await db.schema.createIndex('supplies_invoice_date').on('supplies').column('invoice_date').execute();

      // A batch is what one receipt brought in; `remaining` is what sales and write-offs have left.
      await withId(kind, db.schema.createTable('stock_batches'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('remaining', 'integer', (c) => c.notNull())
        .addColumn('unit_cost_cents', 'integer', (c) => c.notNull())
        .addColumn('received_date', 'text', (c) => c.notNull())
        .addColumn('expire_date', 'text')
        .addColumn('notes', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_batches_product').on('stock_batches').columns(['product_id', 'remaining']).execute();
      await db.schema.createIndex('stock_batches_expire').on('stock_batches').column('expire_date').execute();

      await withId(kind, db.schema.createTable('supply_items'))
        .addColumn('supply_id', 'integer', (c) => c.notNull().references('supplies.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('batch_id', 'integer', (c) => c.notNull().references('stock_batches.id'))
        .addColumn('supply_quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('expire_date', 'text')
        .addColumn('received_date', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('supply_items_supply').on('supply_items').column('supply_id').execute();
      await db.schema.createIndex('supply_items_product').on('supply_items').column('product_id').execute();

      await withId(kind, db.schema.createTable('stock_adjustments'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      // The ledger: every change of stock, signed. On-hand is its sum per product.
      await withId(kind, db.schema.createTable('stock_movements'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_cost_cents', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('batch_id', 'integer', (c) => c.references('stock_batches.id'))
        .addColumn('reference_type', 'text', (c) => c.notNull())
        .addColumn('reference_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_movements_product_date').on('stock_movements').columns(['product_id', 'business_date']).execute();
      await db.schema.createIndex('stock_movements_reference').on('stock_movements').columns(['reference_type', 'reference_id']).execute();
    },
  };
}
