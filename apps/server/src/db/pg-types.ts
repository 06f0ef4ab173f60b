import { createRequire } from 'node:module';
import type PG from 'pg';

let loaded: typeof PG | null = null;

/**
 * `pg`, loaded the first time it is needed (a PostgreSQL database opened, another server's
 * writes listened for): a server on SQLite never loads it, about 3 MB less of its memory at rest
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Libraries loaded when first used").
 */
export function pgModule(): typeof PG {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('pg') as typeof PG;
    // COUNT(*) and SUM() come back as int8/numeric: read them as JS numbers (shop-sized figures).
    loaded.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    loaded.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  }
  return loaded;
}
