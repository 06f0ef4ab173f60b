// `npm run restore -- file`: replaces the shop's database with a backup from `npm run backup`.
// Stop the server first: the restore refuses while anything else has the database open.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { databaseTarget, postgresTool, runMain, userPath } from './database-target.mjs';

const ALL_PAGES = 0x7fffffff;

/**
 * Every connection to a WAL database holds a shared lock on its file while open, so an exclusive
 * lock is granted only when no server (or anything else) has it open. Checked without waiting.
 */
function refuseWhileOpen(target) {
  const probe = new SQLite(target.file, { timeout: 0 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive; commit');
  } catch (error) {
    if (error.code !== 'SQLITE_BUSY') throw error;
    throw new Error(`The ${target.label} is open elsewhere: stop the server first; nothing was restored.`);
  } finally {
    probe.close();
  }
}

runMain(async () => {
  if (!process.argv[2]) throw new Error('Usage: npm run restore -- <backup file>');
  const input = userPath(process.argv[2]);
  if (!fs.existsSync(input)) throw new Error(`There is no backup at ${input}.`);
  const target = databaseTarget();

  if (target.kind === 'sqlite') {
    const backup = new SQLite(input, { readonly: true, fileMustExist: true });
    try {
      const check = backup.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`${input} is damaged (${check}); nothing was restored.`);
      if (!backup.prepare("select 1 from sqlite_master where type = 'table' and name = 'sales'").get()) {
        throw new Error(`${input} is not a shop database; nothing was restored.`);
      }
      fs.mkdirSync(target.dataDir, { recursive: true });
      if (fs.existsSync(target.file)) refuseWhileOpen(target);
      // Written through SQLite, not copied over the file: the target's own write-ahead log is
      // taken into account and the replacement is one transaction.
      await backup.backup(target.file, { progress: () => ALL_PAGES });
    } finally {
      backup.close();
    }
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      if (rows[0].n > 0) throw new Error(`${rows[0].n} other sessions are connected to the ${target.label}: stop the server first; nothing was restored.`);
    } finally {
      await client.end();
    }
    execFileSync(
      postgresTool('pg_restore'),
      ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${target.url}`, input],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  }
  console.log(`Restored ${input} into the ${target.label}`);
});
