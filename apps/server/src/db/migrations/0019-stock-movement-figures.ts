import type { Kysely, Migration } from 'kysely';

/**
 * The stock report sums the movements of the days at the edges of its range by product and kind
 * (services/stock-report.ts, `ledgerSums`). With the kind and the quantity in the date index, it
 * reads that index alone, not each movement's row: a month's edge of 42,000 movements took
 * 138 ms, now 54 (docs/decisions/0020-report-summaries.md). The index it replaces was its prefix.
 */
export function stockMovementFigures(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('stock_movements_date_figures').on('stock_movements').columns(['business_date', 'product_id', 'kind', 'quantity']).execute();
      await db.schema.dropIndex('stock_movements_date').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.createIndex('stock_movements_date').on('stock_movements').columns(['business_date', 'product_id']).execute();
      await db.schema.dropIndex('stock_movements_date_figures').execute();
    },
  };
}
