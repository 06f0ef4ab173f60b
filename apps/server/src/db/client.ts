import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import { pgModule } from './pg-types';
import type { Database } from './schema';
import type { DbKind } from './dialect';
import { AuthWatch, watchAuth } from './auth-watch';
import { preparedStatementsPool } from './pg-prepared';
import { yieldingPool } from './report-gate';
import { sqliteGroupCommitDialect } from './sqlite-group-commit';
import type { ExportTextReader } from '../lib/export-text';
import { pgExportWriter } from './pg-export';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** Where the data lives, for the start-up banner (no password). */
  location: string;
  /** PostgreSQL's connection string, for the reports' own pool (openReportPool). */
  url?: string;
  /** SQLite: the COMMITs run and the transactions they carried (group commit). */
  groupCommit?: { commits: number; transactions: number };
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; ignored when databaseUrl is set. */
  sqliteFile?: string;
  poolSize?: number;
}

export function openDatabase(options: OpenDatabaseOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new (pgModule().Pool)({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const url = new URL(options.databaseUrl);
    const watch = new AuthWatch(null, options.databaseUrl);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatementsPool(pool, watch) }) });
    watchAuth(db, watch);
    return {
      db,
      kind: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      url: options.databaseUrl,
    };
  }
  const file = options.sqliteFile;
  if (!file) throw new Error('openDatabase needs a DATABASE_URL or a SQLite file');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // FULL: a recorded sale survives a power cut, not just a process crash.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 10000');
  // Reads outside a transaction: only what is committed, never behind the writer's lock.
  const reader = new SQLite(file, { readonly: true, fileMustExist: true });
  reader.pragma('busy_timeout = 10000');
  // Another process's commits move the writer's data_version (its own never do): see db/auth-watch.ts.
  const dataVersion = database.prepare('pragma data_version').pluck();
  const watch = new AuthWatch(() => dataVersion.get() as number, null);
  const { dialect, counts } = sqliteGroupCommitDialect(database, reader, watch);
  const db = new Kysely<Database>({ dialect });
  watchAuth(db, watch);
  return { db, kind: 'sqlite', location: file, groupCommit: counts };
}

/** How long one report statement may run on PostgreSQL before it is stopped (a 503 that says so). */
export const REPORT_STATEMENT_TIMEOUT_MS = 60_000;

/**
 * Reports and long lists on PostgreSQL read through a pool of their own (docs/decisions/0017-speed-on-the-wire-and-under-load.md):
 * a till never waits for a connection a report holds. At most `size` connections (each one a
 * PostgreSQL process that can keep a core busy), each read-only, each statement on one server
 * process (no parallel workers, so reports cannot take every core from the tills' statements) and
 * stopped after `statementTimeoutMs`. `DATABASE_READ_URL` may point it at a replica; by default it
 * is the main database.
 */
export function openReportPool(
  connectionString: string,
  size: number,
  statementTimeoutMs = REPORT_STATEMENT_TIMEOUT_MS,
  withExports = true,
  /** When reports read the tills' own database: whether the tills are selling, so the reports give way (db/report-gate.ts). */
  tillsSelling?: () => boolean,
): { db: Kysely<Database>; exportText?: ExportTextReader; readers: number; close: () => Promise<void> } {
  const options = `-c default_transaction_read_only=on -c max_parallel_workers_per_gather=0 -c statement_timeout=${Math.round(statementTimeoutMs)}`;
  const pool = new (pgModule().Pool)({ connectionString, max: size, options });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: tillsSelling ? yieldingPool(pool, tillsSelling) : pool }) });
  // An export's chunks are read and written as text on a thread of their own, one at a time.
  const exports = withExports ? pgExportWriter(connectionString, options, pool) : null;
  // The thread and its connection start with the first report read, not the first export: a
  // manager looking at a report may download it next, and the download then does not wait the
  // fifth of a second they take to start (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
  if (exports) pool.once('connect', () => exports.warm());
  return {
    db,
    ...(exports ? { exportText: exports.exportText } : {}),
    // The export thread reads one chunk at a time, so an export reads one chunk ahead.
    readers: 1,
    close: async () => {
      await exports?.stop();
      await db.destroy();
    },
  };
}
