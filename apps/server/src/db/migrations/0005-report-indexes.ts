import type { Kysely, Migration } from 'kysely';

/** Indexes the reports and the dashboard read a year of data through (measured by `npm run bench`). */
export function reportIndexes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // The stock report reads only the movements since its `from` date.
      await db.schema.createIndex('stock_movements_date').on('stock_movements').columns(['business_date', 'product_id']).execute();
      // The dashboard's year by month and its 30-day cards read this index alone.
      await db.schema
        .createIndex('sales_date_figures')
        .on('sales')
        .columns(['business_date', 'status', 'total_cents', 'refunded_cents'])
        .execute();
    },
  };
}
