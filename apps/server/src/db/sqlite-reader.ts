import { Worker } from 'node:worker_threads';
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

/*
 * better-sqlite3 runs a query on the thread that asks, so a year-long report would hold up every
 * sale behind it. Reports therefore read through a worker thread with its own read-only
 * connection: WAL mode lets it read the last committed state while the main thread keeps writing.
 * An export's chunk is written as CSV text there too (sqlite-reader-worker.ts).
 */

type Pending = { resolve: (answer: ReaderAnswer) => void; reject: (error: Error) => void };
type ReaderAnswer = { rows?: unknown[]; text?: Awaited<ReturnType<ExportTextReader>> };

/**
 * The bundled server runs `report-reader.js` beside `main.js`; the TypeScript sources (tests,
 * `npm run dev`) load the worker's module through tsx, registered inside the thread.
 */
function startWorker(file: string): Worker {
  const workerData = { file };
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./report-reader.js', import.meta.url), { workerData });
  const entry = JSON.stringify(new URL('./sqlite-reader-worker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, { eval: true, workerData });
}

class ReaderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(private readonly file: string) {}

  get load() {
    return this.pending.size;
  }

  ask(request: Omit<ReaderRequest, 'id'>): Promise<ReaderAnswer> {
    const worker = this.worker ?? this.start();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies ReaderRequest);
    });
  }

  private start(): Worker {
    const worker = startWorker(this.file);
    // An idle reader must not keep a finished process alive.
    worker.unref();
    worker.on('message', ({ id, error, ...answer }: ReaderAnswer & { id: number; error?: { message: string; code?: string } }) => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (error) waiting.reject(Object.assign(new Error(error.message), { code: error.code }));
      else waiting.resolve(answer);
    });
    const fail = (error: Error) => {
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.worker === worker) fail(new Error(`The report reader stopped (exit code ${code}).`));
    });
    this.worker = worker;
    return worker;
  }

  async stop() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

/**
 * Kysely over read-only worker threads, and an export's chunks written as text on them; started on
 * the first query, so a server that never reports never starts one.
 */
export function sqliteReaders(file: string, threads = 1): { dialect: Dialect; exportText: ExportTextReader; readers: number } {
  const readers = Array.from({ length: threads }, () => new ReaderThread(file));
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
