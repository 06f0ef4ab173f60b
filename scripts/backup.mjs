// `npm run backup [-- file]`: a consistent copy of the shop's database, safe to take while the
// server is selling. SQLite: the online backup API; PostgreSQL: pg_dump's custom format.
// Without a file, it goes to DATA_DIR/backups/ with the time in its name.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { databaseTarget, postgresTool, runMain, userPath } from './database-target.mjs';

// Copy every page in one step: the copy is then taken under one read transaction, a snapshot
// between two commits, and a busy till can never make the backup restart over and over.
const ALL_PAGES = 0x7fffffff;

runMain(async () => {
  const target = databaseTarget();
  if (target.kind === 'sqlite' && !fs.existsSync(target.file)) {
    throw new Error(`There is no database to back up at ${target.file} (set DATA_DIR or DATABASE_URL).`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const output = process.argv[2]
    ? userPath(process.argv[2])
    : path.join(target.dataDir, 'backups', `shop-${stamp}.${target.kind === 'sqlite' ? 'db' : 'dump'}`);
  fs.mkdirSync(path.dirname(output), { recursive: true });

  if (target.kind === 'sqlite') {
    const db = new SQLite(target.file, { fileMustExist: true });
    db.pragma('busy_timeout = 10000');
    try {
      await db.backup(output, { progress: () => ALL_PAGES });
    } finally {
      db.close();
    }
  } else {
    execFileSync(postgresTool('pg_dump'), ['--format=custom', `--file=${output}`, `--dbname=${target.url}`], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  console.log(`Backed up the ${target.label} to ${output}`);
});
