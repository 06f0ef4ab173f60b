import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

/**
 * Tills, shifts and the journal (docs/decisions/0012-tills-shifts-and-the-journal.md).
 *
 * - A till is a named cash drawer; a shift is one opening and closing of it, with its float and
 *   count per currency (dollars in cents, riel in riel). At most one shift per till is open: a
 *   partial unique index says so, whatever two browsers do at the same moment.
 * - Drawer movements are cash paid in or out, and the drawer opened without a sale.
 * - A Z-report is the closed shift's figures, kept as they were at the close, numbered gaplessly.
 * - Sales, refunds and payment rows record the till and shift they were made at.
 * - The journal chains every money record by SHA-256; sequence and hash are assigned in order
 *   under the `journal` counter's row lock. Records made before this migration are not in it.
 */
export function tillsAndShifts(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('tills'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('printer_id', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(kind, db.schema.createTable('shifts'))
        .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('business_date', 'text', (c) => c.notNull())
        .addColumn('opened_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('opened_by_name', 'text', (c) => c.notNull())
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('float_usd_cents', 'integer', (c) => c.notNull())
        .addColumn('float_khr', 'integer', (c) => c.notNull())
        .addColumn('float_detail', 'text')
        .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('closed_by_name', 'text')
        .addColumn('closed_at', 'text')
        .addColumn('counted_usd_cents', 'integer')
        .addColumn('counted_khr', 'integer')
        .addColumn('count_detail', 'text')
        .addColumn('expected_usd_cents', 'integer')
        .addColumn('expected_khr', 'integer')
        .addColumn('note', 'text')
        .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_by_name', 'text')
        .addColumn('z_number', 'integer', (c) => c.unique())
        .execute();
      await sql`create unique index shifts_one_open_per_till on shifts (till_id) where status = 'open'`.execute(db);
      await db.schema.createIndex('shifts_opened').on('shifts').columns(['business_date', 'till_id']).execute();

      await withId(kind, db.schema.createTable('drawer_movements'))
        .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id'))
        .addColumn('till_id', 'integer', (c) => c.notNull().references('tills.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('amount_khr', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('drawer_movements_shift').on('drawer_movements').column('shift_id').execute();

      await withId(kind, db.schema.createTable('z_reports'))
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('shift_id', 'integer', (c) => c.notNull().unique().references('shifts.id'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('journal')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('journal_entity', ['kind', 'entity_id'])
        .execute();

      for (const table of ['sales', 'refunds', 'sale_payments']) {
        await db.schema.alterTable(table).addColumn('till_id', 'integer', (c) => c.references('tills.id')).execute();
        await db.schema.alterTable(table).addColumn('shift_id', 'integer', (c) => c.references('shifts.id')).execute();
        await db.schema.createIndex(`${table}_shift`).on(table).column('shift_id').execute();
      }
      await sql`insert into counters (name, value) values ('z_report', 0), ('journal', 0)`.execute(db);
    },
  };
}
