import type { Kysely, Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

export function catalog(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // On-hand quantity kept beside the product so lists and the till read it without summing
      // the ledger; the stock ledger keeps it equal to the sum of its movements.
      await db.schema.alterTable('products').addColumn('on_hand', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await withId(kind, db.schema.createTable('promotions'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        // Percent in hundredths (12.5 % = 1250), so discounts stay exact integers.
        .addColumn('discount_bp', 'integer', (c) => c.notNull())
        .addColumn('valid_until', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('promotions_product_id').on('promotions').column('product_id').execute();
    },
  };
}
