import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './db/client';
import { systemClock } from './lib/clock';
import { loadEnv } from './plugins/env';
import { verifyJournal } from './services/journal';

/*
 * `npm run verify-journal`: walks the journal of the database the server would open with the same
 * environment (DATABASE_URL, else DATA_DIR/shop.db) and names the first record that does not
 * match (docs/decisions/0012-tills-shifts-and-the-journal.md). Exit code 0 when intact, 1 when a
 * record was changed, 2 when the check could not run.
 */
async function main(): Promise<number> {
  const env = loadEnv();
  const file = path.join(env.dataDir, 'shop.db');
  if (!env.DATABASE_URL && !fs.existsSync(file)) {
    console.error(`There is no database at ${file} (set DATA_DIR or DATABASE_URL).`);
    return 2;
  }
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: file });
  try {
    const result = await verifyJournal({ db: database.db, kind: database.kind, clock: systemClock });
    if (result.ok) {
      console.log(`The journal is intact: ${result.checked} records checked.${result.head ? ` Last hash ${result.head}.` : ''}`);
      return 0;
    }
    const broken = result.first_break!;
    const why = { changed: 'its content was changed', missing: 'it is missing', chain: "the journal's own chain was altered" }[broken.reason];
    console.log(`The journal is broken at record ${broken.seq} of ${result.total}: ${broken.reference} (${why}). ${result.checked} records before it are intact.`);
    return 1;
  } finally {
    await database.db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
