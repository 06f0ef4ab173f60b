import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { ExportTextReader } from '../lib/export-text';
import type { ReaderRequest } from './sqlite-reader-worker';
import { ReaderThread } from './reader-thread';
import { yieldingLane } from './report-gate';

/*
 * better-sqlite3 runs a query on the thread that asks, so a year-long report would hold up every
 * sale behind it. Reports therefore read through a worker thread with its own read-only
 * connection: WAL mode lets it read the last committed state while the main thread keeps writing.
 * An export's chunk is written as CSV text there too (sqlite-reader-worker.ts).
 */

type ReaderAnswer = { rows?: unknown[]; text?: Awaited<ReturnType<ExportTextReader>> };

/**
 * Kysely over read-only worker threads, and an export's chunks written as text on them; started on
 * the first query, so a server that never reports never starts one. `reports` reads through each
 * thread's lane and gives way to the tills while they sell (db/report-gate.ts); `lists` (short
 * reads a screen waits on) and the exports' chunks go straight to the thread.
 */
export function sqliteReaders(
  file: string,
  threads: number,
  tillsSelling: () => boolean,
): { reports: Dialect; lists: Dialect; exportText: ExportTextReader; readers: number } {
  const readers = Array.from({ length: threads }, () => {
    const thread = new ReaderThread<Omit<ReaderRequest, 'id'>, ReaderAnswer>({ bundled: 'report-reader', source: 'sqlite-reader-worker.ts', workerData: { file } });
    return { thread, lane: yieldingLane(tillsSelling) };
  });
  // A report waiting in its lane counts as the thread's work too.
  const leastBusy = () => readers.reduce((least, candidate) => (candidate.thread.load + candidate.lane.waiting < least.thread.load + least.lane.waiting ? candidate : least));
  const ask = (compiled: CompiledQuery, reader = leastBusy()) => reader.thread.ask({ sql: compiled.sql, parameters: compiled.parameters });
  const stop = async () => {
    await Promise.all(readers.map((reader) => reader.thread.stop()));
  };
  const exportText: ExportTextReader = async (compiled, text) => {
    const answer = await leastBusy().thread.ask({ sql: compiled.sql, parameters: compiled.parameters, text });
    if (!answer.text) throw new Error('The report reader wrote no text.');
    return answer.text;
  };
  return {
    reports: readerDialect(async (compiled) => {
      const reader = leastBusy();
      return (await reader.lane.run(() => ask(compiled, reader))).rows ?? [];
    }, stop),
    lists: readerDialect(async (compiled) => (await ask(compiled)).rows ?? [], stop),
    exportText,
    readers: threads,
  };
}

/** A Kysely dialect that reads through `read`, outside transactions. */
function readerDialect(read: (compiled: CompiledQuery) => Promise<unknown[]>, stop: () => Promise<void>): Dialect {
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      return { rows: (await read(compiled)) as R[] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('The report reader does not stream; read in pages.');
    },
  };
  const refuse = async () => {
    throw new Error('The report reader only reads, outside transactions.');
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: refuse,
    commitTransaction: refuse,
    rollbackTransaction: refuse,
    releaseConnection: async () => {},
    destroy: stop,
  };
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
