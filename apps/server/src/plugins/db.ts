import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Kysely } from 'kysely';
import { openReportPool, type DbHandle } from '../db/client';
import type { Database } from '../db/schema';
import { sqliteReaders } from '../db/sqlite-reader';
import type { ExportTextReader } from '../lib/export-text';
import type { Clock } from '../lib/clock';
import type { ServiceContext } from '../services/context';
import { tillsSelling } from '../services/till-activity';

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceContext;
    /** For reports: on SQLite they read off the main thread, on PostgreSQL through their own pool, so sales never wait behind them. */
    reports: ServiceContext;
    /**
     * For lists and searches that scan a table (products, the header's search): off the main
     * thread as the reports on SQLite; on PostgreSQL a small pool of their own, so they wait
     * neither behind a report nor for a till's connection.
     */
    lists: ServiceContext;
  }
}

export type DbPluginOptions = {
  database: DbHandle;
  clock: Clock;
  /** PostgreSQL: where reports read (DATABASE_READ_URL, e.g. a replica); the main database when unset. */
  reportsUrl?: string | undefined;
  reportStatementTimeoutMs?: number | undefined;
};

/**
 * How many reports read at once beside the sales: SQLite's reader threads, and the connections of
 * PostgreSQL's report pool when reports read from the main database. One core is left to the
 * sales. On two cores, two SQLite readers held both while managers opened reports and the tills
 * sold at 72-75% of their idle rate; with one, 88-92%. On PostgreSQL, 3 report connections left
 * the tills 53-61% of their idle rate; 1, 68-73% (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
 */
export const reportReaderThreads = (cores = os.availableParallelism()): number => Math.max(1, Math.min(4, cores - 1));

/** A separate read database (DATABASE_READ_URL, e.g. a replica) has cores of its own to give the reports. */
const REPLICA_REPORT_CONNECTIONS = 3;
/**
 * PostgreSQL: the lists' and searches' own connections. Their statements are short, so they are
 * not held to the reports' rule; with a single connection shared with the reports, ten searches at
 * once answered 369 a second instead of 502 and the header's search 491 instead of 840.
 */
const LIST_CONNECTIONS = 2;

/** Where reports or lists read: a database, how an export's chunk is written beside it, and how it closes. */
type ReadPath = { db: Kysely<Database>; exportText?: ExportTextReader; readers?: number; close?: () => Promise<void> };

/** Hands the database and clock to the routes' services, and closes the pools with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: DbPluginOptions) => {
  const { db, kind, location } = opts.database;
  // Reports never hold up a sale: on SQLite they read on worker threads (a core left to the sales), on PostgreSQL through a pool of their own.
  const reportsUrl = opts.reportsUrl ?? opts.database.url;
  const readers = kind === 'sqlite' ? sqliteReaders(location, reportReaderThreads(), tillsSelling) : null;
  const reports: ReadPath = readers
    ? { db: new Kysely<Database>({ dialect: readers.reports }), exportText: readers.exportText, readers: readers.readers }
    : reportsUrl
      ? opts.reportsUrl
        ? openReportPool(reportsUrl, REPLICA_REPORT_CONNECTIONS, opts.reportStatementTimeoutMs)
        : // On the tills' own database the reports give way to the sales (db/report-gate.ts).
          openReportPool(reportsUrl, reportReaderThreads(), opts.reportStatementTimeoutMs, true, tillsSelling)
      : { db };
  const lists: ReadPath = readers
    ? { db: new Kysely<Database>({ dialect: readers.lists }) }
    : reportsUrl
      ? openReportPool(reportsUrl, LIST_CONNECTIONS, opts.reportStatementTimeoutMs, false)
      : { db: reports.db };
  app.decorate('services', { db, kind, clock: opts.clock });
  app.decorate('reports', { db: reports.db, exportText: reports.exportText, readers: reports.readers, kind, clock: opts.clock });
  // A list's reads by key (a search's page) go through the main database handle: on SQLite the main thread, since a hop
  // to the reader thread costs more than they do; on PostgreSQL the tills' pool, whose statements are prepared once.
  app.decorate('lists', { db: lists.db, ...(lists.db !== db ? { byKey: db } : {}), kind, clock: opts.clock });
  app.addHook('onClose', async () => {
    const closed = new Set([db]);
    for (const path of [reports, lists]) {
      if (closed.has(path.db)) continue;
      closed.add(path.db);
      await (path.close ? path.close() : path.db.destroy());
    }
    await db.destroy();
  });
});
