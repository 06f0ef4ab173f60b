import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What each product sold, summed by the sales' business day, kept by the checkout in the sale's
 * own transaction (services/sale-days.ts). The dashboard's best sellers read a month here as a few
 * thousand rows, not every line of a month of sales (docs/decisions/0020-report-summaries.md).
 *
 * As for sale_days, only what never changes after a sale is written is summed: the units and the
 * lines' totals as sold. Refunds are taken off from their own lines when read. The name and SKU
 * are the greatest seen that day, as a product renamed during a day would show in a report of
 * its lines.
 */
export function productSaleDays(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('product_sale_days')
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('product_name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('income_cents', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_sale_days_pk', ['business_date', 'product_id'])
        .execute();
      await rebuildProductSaleDays(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('product_sale_days').execute();
    },
  };
}

/** Sums every sale line again (the migration, and the bench after writing sales directly). */
export async function rebuildProductSaleDays(db: Kysely<unknown>): Promise<void> {
  await sql`delete from product_sale_days`.execute(db);
  await sql`
    insert into product_sale_days (business_date, product_id, product_name, sku, qty, income_cents)
    select sales.business_date, sale_items.product_id, max(sale_items.product_name), max(sale_items.sku), sum(sale_items.quantity), sum(sale_items.line_total_cents)
    from sale_items
    join sales on sales.id = sale_items.sale_id
    group by sales.business_date, sale_items.product_id`.execute(db);
}
