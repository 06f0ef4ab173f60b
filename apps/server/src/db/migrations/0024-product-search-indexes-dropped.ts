import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';

/**
 * PostgreSQL: the products' trigram indexes (migration 0008) go. Product search has been answered
 * from the server's own index since decision 0019, so no search reads them, while every sale paid
 * for them: a sale moves its products' stock and catalogue version, and each such update put every
 * trigram of the product's name and SKU into both indexes again. Without them PostgreSQL spends
 * about a tenth less of its time on a sale, and the stock update writes 1.5 KB of WAL where it wrote
 * 40 KB (docs/decisions/0017-speed-on-the-wire-and-under-load.md). The back office's other lists
 * that search a product's name (stock, supplies, promotions) read it beside their own records'
 * text; without the indexes such a search reads the products: 7 ms for 10,000, against some 1.5. The
 * extension itself is left as it is.
 */
export function productSearchIndexesDropped(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      await sql`drop index if exists products_name_trgm`.execute(db);
      await sql`drop index if exists products_sku_trgm`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind !== 'postgres') return;
      const { rows } = await sql<{ installed: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(db);
      if (!rows[0]?.installed) return;
      await sql`create index if not exists products_name_trgm on products using gin (name gin_trgm_ops) with (fastupdate = off)`.execute(db);
      await sql`create index if not exists products_sku_trgm on products using gin (sku gin_trgm_ops) with (fastupdate = off)`.execute(db);
    },
  };
}
