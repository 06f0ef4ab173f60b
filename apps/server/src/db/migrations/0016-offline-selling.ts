import { type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

/**
 * Sales made while the till was offline (docs/decisions/0016-offline-selling.md).
 *
 * - A sale keeps the till's own id for it (`client_id`, unique: a second copy cannot be written
 *   however it arrives) and the number the till's receipt carried (`offline_number`). Both stay
 *   null for sales rung up online.
 * - `offline_flags` lists what a Manager reviews about an offline sale: a product sold past its
 *   stock, a price that differed from the catalogue's, a till whose shift had closed.
 */
export function offlineSelling(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('sales').addColumn('client_id', 'text').execute();
      await db.schema.alterTable('sales').addColumn('offline_number', 'text').execute();
      // A unique index rather than a column constraint: SQLite cannot add a UNIQUE column. Nulls never collide.
      await db.schema.createIndex('sales_client_id').on('sales').column('client_id').unique().execute();

      await withId(kind, db.schema.createTable('offline_flags'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'integer', (c) => c.notNull().references('sales.id'))
        .addColumn('product_id', 'integer', (c) => c.references('products.id'))
        .addColumn('quantity', 'integer')
        .addColumn('on_hand_after', 'integer')
        .addColumn('till_price_cents', 'integer')
        .addColumn('catalogue_price_cents', 'integer')
        .addColumn('difference_cents', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('offline_flags_kind').on('offline_flags').columns(['kind', 'id']).execute();
      await db.schema.createIndex('offline_flags_sale').on('offline_flags').column('sale_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('offline_flags').execute();
      await db.schema.dropIndex('sales_client_id').execute();
      await db.schema.alterTable('sales').dropColumn('offline_number').execute();
      await db.schema.alterTable('sales').dropColumn('client_id').execute();
    },
  };
}
