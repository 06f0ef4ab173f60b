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

/*
 * better-sqlite3 runs a query on the thread that asks, so a year-long report would hold up every
 * sale behind it. Reports therefore read through a worker thread with its own read-only
 * connection: WAL mode lets it read the last committed state while the main thread keeps writing.
 * An export's chunk is written as CSV text there too (sqlite-reader-worker.ts).
 */

type ReaderAnswer = { rows?: unknown[]; text?: Awaited<ReturnType<ExportTextReader>> };

/**
 * Kysely over read-only worker threads, and an export's chunks written as text on them; started on
 * the first query, so a server that never reports never starts one.
 */
export function sqliteReaders(file: string, threads = 1): { dialect: Dialect; exportText: ExportTextReader; readers: number } {
  const readers = Array.from({ length: threads }, () => new ReaderThread<Omit<ReaderRequest, 'id'>, ReaderAnswer>({ bundled: 'report-reader', source: 'sqlite-reader-worker.ts', workerData: { file } }));
  const leastBusy = () => readers.reduce((least, candidate) => (candidate.load < least.load ? candidate : least));
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      return { rows: ((await leastBusy().ask({ sql: compiled.sql, parameters: compiled.parameters })).rows ?? []) as R[] };
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
    destroy: async () => {
      await Promise.all(readers.map((reader) => reader.stop()));
    },
  };
  const dialect: Dialect = {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
  const exportText: ExportTextReader = async (compiled, text) => {
    const answer = await leastBusy().ask({ sql: compiled.sql, parameters: compiled.parameters, text });
    if (!answer.text) throw new Error('The report reader wrote no text.');
    return answer.text;
  };
  return { dialect, exportText, readers: threads };
}
