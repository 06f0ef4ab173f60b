import { sql, type Kysely, type Migration } from 'kysely';
import type { DbKind } from '../dialect';

/**
 * The till's catalogue asked for by what changed (docs/decisions/0016-offline-selling.md, "A big catalogue").
 *
 * - `products.catalog_rev`: the catalogue version at which the till's row for this product last
 *   changed (its fields, its stock, its promotions, its modifier groups). Indexed: a till asks for
 *   the rows above the version it holds.
 * - Counter `catalog`: the shop-wide catalogue version, taken in the writing transaction like the
 *   document numbers (a rollback takes it back). Categories and modifier groups move it too.
 * - Counter `catalog_deleted`: the version at which a product was last deleted outright. A till
 *   holding an older version gets the whole catalogue (deletes are rare; deactivations are rows).
 * - PostgreSQL: sequence `catalog_rev_seq` in place of the `catalog` counter, so concurrent
 *   writers do not queue on one row (services/catalog-version.ts says how a reader stays exact).
 */
export function catalogVersions(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('products').addColumn('catalog_rev', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('products_catalog_rev').on('products').column('catalog_rev').execute();
      await sql`insert into counters (name, value) values ('catalog', 0), ('catalog_deleted', 0)`.execute(db);
      if (kind === 'postgres') await sql`create sequence catalog_rev_seq`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (kind === 'postgres') await sql`drop sequence if exists catalog_rev_seq`.execute(db);
      await sql`delete from counters where name in ('catalog', 'catalog_deleted')`.execute(db);
      await db.schema.dropIndex('products_catalog_rev').execute();
      await db.schema.alterTable('products').dropColumn('catalog_rev').execute();
    },
  };
}
