import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

export function initial(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('users'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('avatar', 'text')
        .addColumn('bio', 'text')
        .addColumn('deactivated_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(kind, db.schema.createTable('sessions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_active_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'text', (c) => c.notNull())
        .execute();

      await withId(kind, db.schema.createTable('audit_log'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_user_id').on('audit_log').columns(['user_id', 'id']).execute();

      await withId(kind, db.schema.createTable('categories'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index categories_name_ci on categories (lower(name))`.execute(db);

      await withId(kind, db.schema.createTable('units'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index units_name_ci on units (lower(name))`.execute(db);

      await withId(kind, db.schema.createTable('products'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull().unique())
        .addColumn('barcode', 'text', (c) => c.unique())
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('track_stock', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('reorder_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('image', 'text')
        .addColumn('description', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('products_category_id').on('products').column('category_id').execute();
      await db.schema.createIndex('products_unit_id').on('products').column('unit_id').execute();

      await withId(kind, db.schema.createTable('customers'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('company', 'text')
        .addColumn('avatar', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index customers_email_ci on customers (lower(email))`.execute(db);

      await withId(kind, db.schema.createTable('suppliers'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text')
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('address', 'text')
        .addColumn('city', 'text')
        .addColumn('country', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('notes', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
