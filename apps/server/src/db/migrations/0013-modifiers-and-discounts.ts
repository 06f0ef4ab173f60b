import { type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

/**
 * Modifiers and discounts given by hand (docs/decisions/0013-modifiers-and-discounts.md).
 *
 * - A modifier group (Size, Sugar, Ice, Extras) has options, each with a price added per unit; it
 *   applies to products and to whole categories through two link tables, in order.
 * - A sale line keeps its chosen options as they were that day (names, price) in
 *   sale_item_modifiers, its note, and the cashier's discount on it; the sale keeps the discount
 *   on the whole order and who approved discounts beyond the cashier's limit.
 */
export function modifiersAndDiscounts(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('modifier_groups'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('name_km', 'text')
        .addColumn('selection', 'text', (c) => c.notNull())
        .addColumn('min_select', 'integer', (c) => c.notNull())
        .addColumn('max_select', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(kind, db.schema.createTable('modifier_options'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('modifier_groups.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_km', 'text')
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('modifier_options_group').on('modifier_options').columns(['group_id', 'position']).execute();

      for (const [table, owner] of [
        ['product_modifier_groups', 'products'],
        ['category_modifier_groups', 'categories'],
      ] as const) {
        const column = owner === 'products' ? 'product_id' : 'category_id';
        await db.schema
          .createTable(table)
          .addColumn(column, 'integer', (c) => c.notNull().references(`${owner}.id`).onDelete('cascade'))
          .addColumn('group_id', 'integer', (c) => c.notNull().references('modifier_groups.id').onDelete('cascade'))
          .addColumn('position', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, [column, 'group_id'])
          .execute();
        await db.schema.createIndex(`${table}_group`).on(table).column('group_id').execute();
      }

      await withId(kind, db.schema.createTable('sale_item_modifiers'))
        .addColumn('sale_item_id', 'integer', (c) => c.notNull().references('sale_items.id'))
        .addColumn('option_id', 'integer', (c) => c.references('modifier_options.id').onDelete('set null'))
        .addColumn('group_name', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_km', 'text')
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sale_item_modifiers_item').on('sale_item_modifiers').column('sale_item_id').execute();

      await db.schema.alterTable('sale_items').addColumn('note', 'text').execute();
      await db.schema.alterTable('sale_items').addColumn('hand_discount_type', 'text').execute();
      await db.schema.alterTable('sale_items').addColumn('hand_discount_value', 'integer').execute();
      await db.schema.alterTable('sale_items').addColumn('hand_discount_reason', 'text').execute();
      await db.schema.alterTable('sale_items').addColumn('hand_discount_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('sale_items').addColumn('order_discount_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema.alterTable('sales').addColumn('order_discount_type', 'text').execute();
      await db.schema.alterTable('sales').addColumn('order_discount_value', 'integer').execute();
      await db.schema.alterTable('sales').addColumn('order_discount_reason', 'text').execute();
      await db.schema.alterTable('sales').addColumn('order_discount_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('sales').addColumn('discount_approved_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
    },
  };
}
