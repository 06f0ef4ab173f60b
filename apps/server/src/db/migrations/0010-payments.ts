import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Several payments per sale, in dollars and riel (docs/decisions/0010-payments-in-dollars-and-riel.md).
 *
 * - A sale keeps the rates it was paid at, what its payments brought (`paid_cents`: less than the
 *   total for a sale left on account) and the change handed back, split as it was given.
 * - A payment row is one payment: its method, currency, amount in that currency (`amount_khr` for
 *   riel) and worth toward the sale (`amount_cents`); a later settlement is a row of kind
 *   `settlement` on the day it was taken.
 * - A refund says how the money went back (method, currency, the sale's rate).
 * - A Manager's till PIN approves on the spot what a cashier's role may not do alone, and the
 *   sale or refund records who approved it.
 *
 * Sales made before keep one payment row of the total; their change was given in dollars. A sale
 * that was "Partial" was partly refunded: Partial now means partly unpaid, so those are Paid
 * (their refunded amount still says what went back).
 */
export function payments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const integer = (table: string, column: string, fallback: number) =>
        db.schema.alterTable(table).addColumn(column, 'integer', (c) => c.notNull().defaultTo(fallback)).execute();

      await integer('sales', 'khr_per_usd', 4000);
      await integer('sales', 'khr_change_per_usd', 4000);
      await integer('sales', 'riel_step', 100);
      await integer('sales', 'paid_cents', 0);
      await integer('sales', 'change_cents', 0);
      await integer('sales', 'change_usd_cents', 0);
      await integer('sales', 'change_khr', 0);
      await db.schema.alterTable('sales').addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
      await sql`update sales set
        paid_cents = total_cents,
        khr_per_usd = coalesce((select max(p.khr_per_usd) from sale_payments p where p.sale_id = sales.id), 4000),
        khr_change_per_usd = coalesce((select max(p.khr_per_usd) from sale_payments p where p.sale_id = sales.id), 4000),
        change_cents = coalesce((select sum(p.change_cents) from sale_payments p where p.sale_id = sales.id), 0),
        change_usd_cents = coalesce((select sum(p.change_cents) from sale_payments p where p.sale_id = sales.id), 0)`.execute(db);
      await sql`update sales set status = 'Paid' where status = 'Partial'`.execute(db);

      await db.schema.alterTable('sale_payments').addColumn('method_key', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('sale_payments').addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD')).execute();
      await integer('sale_payments', 'amount_khr', 0);
      await db.schema.alterTable('sale_payments').addColumn('reference', 'text').execute();
      await db.schema.alterTable('sale_payments').addColumn('khqr_md5', 'text').execute();
      await db.schema.alterTable('sale_payments').addColumn('bill_number', 'text').execute();
      await db.schema.alterTable('sale_payments').addColumn('kind', 'text', (c) => c.notNull().defaultTo('sale')).execute();
      await db.schema.alterTable('sale_payments').addColumn('business_date', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('sale_payments').addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
      await sql`update sale_payments set
        method_key = lower(method),
        tendered_cents = amount_cents,
        tendered_khr = 0,
        change_cents = 0,
        business_date = (select s.business_date from sales s where s.id = sale_payments.sale_id),
        user_id = (select s.user_id from sales s where s.id = sale_payments.sale_id)`.execute(db);
      await db.schema.createIndex('sale_payments_day').on('sale_payments').columns(['business_date', 'method_key']).execute();

      await db.schema.alterTable('refunds').addColumn('method', 'text').execute();
      await db.schema.alterTable('refunds').addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD')).execute();
      await integer('refunds', 'amount_khr', 0);
      await db.schema.alterTable('refunds').addColumn('khr_per_usd', 'integer').execute();
      await db.schema.alterTable('refunds').addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();

      await db.schema.alterTable('users').addColumn('pin_hash', 'text').execute();
    },
  };
}
