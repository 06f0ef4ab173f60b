import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import type { DbKind } from './dialect';
import { preparedStatementsPool } from './pg-prepared';
import { sqliteGroupCommitDialect } from './sqlite-group-commit';
import { exportTextWriter, type ExportTextReader } from '../lib/export-text';

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

// COUNT(*) and SUM() come back as int8/numeric: read them as JS numbers (shop-sized figures).
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; ignored when databaseUrl is set. */
  sqliteFile?: string;
  poolSize?: number;
}

export function openDatabase(options: OpenDatabaseOptions): DbHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatementsPool(pool) }) }),
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
  const { dialect, counts } = sqliteGroupCommitDialect(database, reader);
  return { db: new Kysely<Database>({ dialect }), kind: 'sqlite', location: file, groupCommit: counts };
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
export function openReportPool(connectionString: string, size: number, statementTimeoutMs = REPORT_STATEMENT_TIMEOUT_MS): { db: Kysely<Database>; exportText: ExportTextReader; readers: number } {
  const pool = new pg.Pool({
    connectionString,
    max: size,
    options: `-c default_transaction_read_only=on -c max_parallel_workers_per_gather=0 -c statement_timeout=${Math.round(statementTimeoutMs)}`,
  });
  // An export's rows come as arrays, in the order they are selected, and each is written as it
  // arrives: no object per row, and no chunk of rows kept (a Query with a row listener and no
  // callback does not collect them).
  const exportText: ExportTextReader = async (compiled, text) => {
    const client = await pool.connect();
    try {
      const writer = exportTextWriter(text);
      await new Promise<void>((resolve, reject) => {
        const config: pg.QueryArrayConfig = { text: compiled.sql, values: [...compiled.parameters], rowMode: 'array' };
        const query = client.query(new pg.Query(config));
        query.on('row', (row: unknown[]) => writer.add(row));
        query.on('end', () => resolve());
        query.on('error', reject);
      });
      return writer.end();
    } finally {
      client.release();
    }
  };
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), exportText, readers: size };
}
