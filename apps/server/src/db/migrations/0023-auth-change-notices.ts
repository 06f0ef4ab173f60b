import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { AUTH_CHANNEL } from '../auth-watch';

/**
 * PostgreSQL: every write to users, sessions or settings sends a notification on AUTH_CHANNEL, so
 * each server that keeps sessions in memory drops them (db/auth-watch.ts). A statement-level
 * trigger: one notification per statement, and PostgreSQL delivers a transaction's notifications
 * once, when it commits; a rolled-back write sends none. SQLite needs none: another process's
 * commit moves `data_version`.
 */
const TABLES = ['users', 'sessions', 'settings'] as const;

export function authChangeNotices(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`
        create function auth_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(AUTH_CHANNEL)}, tg_table_name);
          return null;
        end
        $$`.execute(db);
      for (const table of TABLES) {
        await sql`create trigger ${sql.id(`${table}_auth_changed`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function auth_changed()`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      for (const table of TABLES) await sql`drop trigger if exists ${sql.id(`${table}_auth_changed`)} on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists auth_changed()`.execute(db);
    },
  };
}
