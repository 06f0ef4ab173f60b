import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';

/**
 * PostgreSQL: `catalog_version()`, the catalogue version and the version of the last outright
 * delete, read in one call (services/catalog-version.ts says why it waits for a lock first).
 *
 * It does in one statement what took a transaction of four (begin, the lock, the read, commit),
 * each a round trip: every product search and every till's catalogue asks for it. Called outside
 * a transaction, the statement is its own, so the lock it takes is let go when it returns.
 *
 * It must be VOLATILE: a volatile function takes a fresh snapshot for each statement in it, so the
 * `catalog_deleted` counter is read as committed after the lock was granted, not as it was when
 * the calling statement began (which can be before the wait). The sequence is read as it stands,
 * snapshot or not. SQLite has no functions of this kind and needs none (one writer at a time).
 */
export function catalogVersionFunction(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`
        create function catalog_version(out version bigint, out deleted bigint)
        language plpgsql volatile as $$
        begin
          perform pg_advisory_xact_lock(160017); -- CATALOG_LOCK in services/catalog-version.ts
          select case when is_called then last_value else 0 end into version from catalog_rev_seq;
          select coalesce((select value from counters where name = 'catalog_deleted'), 0) into deleted;
        end
        $$`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') await sql`drop function if exists catalog_version()`.execute(db);
    },
  };
}
