import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The ledger summed by product and month, kept by the same writes that add movements. The stock
 * report reads whole months from here and only the days at the edges of its range from the
 * ledger itself, so a year's report costs the same as a month's.
 */
export function stockMonths(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stock_months')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('purchased', 'integer', (c) => c.notNull())
        .addColumn('sold', 'integer', (c) => c.notNull())
        .addColumn('adjusted', 'integer', (c) => c.notNull())
        .addColumn('net', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_months_pk', ['product_id', 'month'])
        .execute();
      await db.schema.createIndex('stock_months_month').on('stock_months').columns(['month', 'product_id']).execute();
      await rebuildStockMonths(db);
    },
  };
}

/** Sums the whole ledger again (the migration, and the bench after writing rows directly). */
export async function rebuildStockMonths(db: Kysely<unknown>): Promise<void> {
  await sql`delete from stock_months`.execute(db);
  await sql`
    insert into stock_months (product_id, month, purchased, sold, adjusted, net)
    select product_id, substr(business_date, 1, 7),
      sum(case when kind in ('receipt', 'receipt_correction') then quantity else 0 end),
      sum(case when kind in ('sale', 'refund') then -quantity else 0 end),
      sum(case when kind = 'adjustment' then quantity else 0 end),
      sum(quantity)
    from stock_movements
    group by product_id, substr(business_date, 1, 7)`.execute(db);
}
