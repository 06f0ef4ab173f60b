import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';

/**
 * Product search matches anywhere in the name or SKU (ILIKE '%…%'), which no b-tree can serve:
 * PostgreSQL scanned every product, ~8 ms for 10,000 (measured by `npm run bench`). Trigram
 * indexes serve it in ~1.5 ms. pg_trgm ships with PostgreSQL and is a trusted extension, but a
 * server without contrib, or a role that may not create it, still searches correctly without
 * the indexes, so the migration never fails for it. SQLite's LIKE scan is fast enough as it is.
 * fastupdate off: products change seldom, and GIN's pending list of unmerged rows made the planner
 * fall back to scanning the table until a vacuum merged it.
 */
export function productSearch(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      const { rows } = await sql<{ available: boolean; installed: boolean; allowed: boolean }>`
        select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available,
               exists (select 1 from pg_extension where extname = 'pg_trgm') as installed,
               has_database_privilege(current_database(), 'CREATE') as allowed`.execute(db);
      const state = rows[0];
      if (!state?.installed) {
        if (!state?.available || !state.allowed) return;
        await sql`create extension if not exists pg_trgm`.execute(db);
      }
      await sql`create index products_name_trgm on products using gin (name gin_trgm_ops) with (fastupdate = off)`.execute(db);
      await sql`create index products_sku_trgm on products using gin (sku gin_trgm_ops) with (fastupdate = off)`.execute(db);
    },
  };
}
