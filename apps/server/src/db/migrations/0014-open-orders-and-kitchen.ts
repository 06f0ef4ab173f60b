import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

/**
 * Open orders and kitchen tickets (docs/decisions/0014-open-orders-and-the-kitchen.md).
 *
 * - An open order is a parked cart under a table or a name; its lines are only ever added,
 *   then paid (naming the sale) or voided, so two tills adding at once both keep their lines.
 *   A line keeps the option ids it was chosen with and, for the kitchen, their names.
 * - A kitchen ticket is what one placing or addition sends to one station; its items are
 *   marked done one by one or all at once, and a done ticket can be recalled.
 */
export function openOrdersAndKitchen(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('open_orders'))
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('name', 'text')
        .addColumn('table_label', 'text')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('till_id', 'integer', (c) => c.references('tills.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('void_reason', 'text')
        .addColumn('voided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('open_orders_status').on('open_orders').columns(['status', 'id']).execute();

      await withId(kind, db.schema.createTable('open_order_lines'))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('open_orders.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('modifier_ids', 'text', (c) => c.notNull())
        .addColumn('modifiers', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('open_order_lines_order').on('open_order_lines').column('order_id').execute();

      await withId(kind, db.schema.createTable('kitchen_tickets'))
        .addColumn('number', 'integer', (c) => c.notNull().unique())
        .addColumn('station', 'text', (c) => c.notNull())
        .addColumn('order_id', 'integer', (c) => c.references('open_orders.id'))
        .addColumn('sale_id', 'integer', (c) => c.references('sales.id'))
        .addColumn('table_label', 'text')
        .addColumn('name', 'text')
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('done_at', 'text')
        .execute();
      await db.schema.createIndex('kitchen_tickets_board').on('kitchen_tickets').columns(['station', 'done_at', 'id']).execute();

      await withId(kind, db.schema.createTable('kitchen_ticket_items'))
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('kitchen_tickets.id'))
        .addColumn('order_line_id', 'integer', (c) => c.references('open_order_lines.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('modifiers', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('done_at', 'text')
        .execute();
      await db.schema.createIndex('kitchen_ticket_items_ticket').on('kitchen_ticket_items').column('ticket_id').execute();

      await db.schema.alterTable('sales').addColumn('open_order_id', 'integer', (c) => c.references('open_orders.id')).execute();
      await sql`insert into counters (name, value) values ('open_order', 0), ('kitchen_ticket', 0)`.execute(db);
    },
  };
}
