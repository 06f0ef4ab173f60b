import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import type { DbKind } from './dialect';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** Where the data lives, for the start-up banner (no password). */
  location: string;
  /** PostgreSQL's connection string, for the reports' own pool (openReportPool). */
  url?: string;
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
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
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
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) }),
    kind: 'sqlite',
    location: file,
  };
}

/** How long one report statement may run on PostgreSQL before it is stopped (a 503 that says so). */
export const REPORT_STATEMENT_TIMEOUT_MS = 60_000;

/**
 * Reports and long lists on PostgreSQL read through a pool of their own (docs/decisions/0017-speed-on-the-wire-and-under-load.md):
 * a till never waits for a connection a report holds. At most 3 connections, each read-only, each
 * statement on one server process (no parallel workers, so reports cannot take every core from
 * the tills' statements) and stopped after `statementTimeoutMs`. `DATABASE_READ_URL` may point it
 * at a replica; by default it is the main database.
 */
export function openReportPool(connectionString: string, statementTimeoutMs = REPORT_STATEMENT_TIMEOUT_MS): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 3,
    options: `-c default_transaction_read_only=on -c max_parallel_workers_per_gather=0 -c statement_timeout=${Math.round(statementTimeoutMs)}`,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

const CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew, and on SQLite preparing costs about as much as running a
 * small statement: a sale runs a few dozen. The same SQL text reuses its prepared statement
 * (safe because better-sqlite3 runs each statement to the end before the next; nothing here
 * streams). The oldest entry goes when the cache is full, so IN-lists of many sizes cannot grow it.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => void database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        if (statements.size >= CACHED_STATEMENTS) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
