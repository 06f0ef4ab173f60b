import { type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

/**
 * Accounts that secure themselves: sign-ups waiting for approval, two-step sign-in with backup
 * codes, API keys, notification preferences, and the notifications the server raises.
 */
export function accounts(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
      // The last time step a code was accepted for, so one code cannot be used twice.
      await db.schema.alterTable('users').addColumn('totp_last_step', 'integer').execute();
      await db.schema.alterTable('users').addColumn('notify', 'text').execute();
      await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();

      await withId(kind, db.schema.createTable('backup_codes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('backup_codes_user_id').on('backup_codes').column('user_id').execute();

      await withId(kind, db.schema.createTable('api_keys'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();

      await withId(kind, db.schema.createTable('notifications'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('params', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        // One notification per user and event: a batch expiring is told once, however often the sweep runs.
        .addColumn('dedupe_key', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notifications_user_dedupe').on('notifications').columns(['user_id', 'dedupe_key']).unique().execute();
      await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
    },
  };
}
