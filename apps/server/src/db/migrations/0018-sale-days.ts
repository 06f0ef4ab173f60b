import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The sales summed by business day and by who rang them up, kept by the checkout in the sale's own
 * transaction (services/sale-days.ts). The dashboard and the sales report's totals read a year
 * here as a few hundred rows, not a year of sales (docs/decisions/0020-report-summaries.md).
 *
 * Only what never changes after a sale is written is summed (a sale is never edited: decision
 * 0007); refunds are read from their own table, which is small. `user_id` 0 holds the sales of a
 * user since removed (only sign-ups never approved are removed, and they sold nothing).
 */
export function saleDays(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sale_days')
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('items', 'integer', (c) => c.notNull())
        .addColumn('qty', 'integer', (c) => c.notNull())
        .addColumn('gross_cents', 'bigint', (c) => c.notNull())
        .addColumn('discount_cents', 'bigint', (c) => c.notNull())
        .addColumn('tax_cents', 'bigint', (c) => c.notNull())
        .addColumn('service_cents', 'bigint', (c) => c.notNull())
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sale_days_pk', ['business_date', 'user_id'])
        .execute();
      await rebuildSaleDays(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sale_days').execute();
    },
  };
}

/** Sums every sale again (the migration, and the bench after writing sales directly). */
export async function rebuildSaleDays(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sale_days`.execute(db);
  await sql`
    insert into sale_days (business_date, user_id, orders, items, qty, gross_cents, discount_cents, tax_cents, service_cents, total_cents)
    select business_date, coalesce(user_id, 0), count(*), sum(items_count), sum(total_qty), sum(gross_cents), sum(discount_cents), sum(tax_cents), sum(service_cents), sum(total_cents)
    from sales
    group by business_date, coalesce(user_id, 0)`.execute(db);
}
