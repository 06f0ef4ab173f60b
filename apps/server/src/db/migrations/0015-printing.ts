import { type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

/**
 * Printing (docs/decisions/0015-printing.md).
 *
 * - A print job is one slip sent to one printer: what (a sale's receipt, a kitchen ticket, a test
 *   page, labels, a drawer pulse), where, who asked, when, and how it ended. Jobs are written in
 *   the same transaction as the sale or ticket they print, as `pending`, and sent after it commits,
 *   so a sale never waits for paper and a job is never lost; `payload` keeps what a job needs that
 *   no other row holds (label counts).
 * - A till prints its receipts automatically, or only when the cashier asks.
 */
export function printing(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('print_jobs'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('printer_id', 'text', (c) => c.notNull())
        .addColumn('printer_name', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('ticket_id', 'integer', (c) => c.references('kitchen_tickets.id'))
        .addColumn('copy', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('open_drawer', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('payload', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('printed_at', 'text')
        .execute();
      await db.schema.createIndex('print_jobs_status').on('print_jobs').columns(['status', 'id']).execute();
      await db.schema.createIndex('print_jobs_till').on('print_jobs').columns(['till_id', 'id']).execute();
      await db.schema.createIndex('print_jobs_sale').on('print_jobs').columns(['sale_id']).execute();
      await db.schema.alterTable('tills').addColumn('auto_print', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('print_jobs').execute();
      await db.schema.alterTable('tills').dropColumn('auto_print').execute();
    },
  };
}
