import { createRequire } from 'node:module';
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

/*
 * better-sqlite3 runs a query on the thread that asks, so a year-long report would hold up every
 * sale behind it. Reports therefore read through a worker thread with its own read-only
 * connection: WAL mode lets it read the last committed state while the main thread keeps writing.
 */

// Plain CommonJS so it runs the same from the TypeScript sources (tests) and the bundled server.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size < 500) statements.set(sql, statement);
    }
    if (!statement.reader) throw new Error('The report reader cannot write.');
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: error.message, code: error.code } });
  }
});
`;

type Pending = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };

class ReaderThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(private readonly file: string) {}

  get load() {
    return this.pending.size;
  }

  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    const worker = this.worker ?? this.start();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, sql, parameters });
    });
  }

  private start(): Worker {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file: this.file } });
    // An idle reader must not keep a finished process alive.
    worker.unref();
    worker.on('message', ({ id, rows, error }: { id: number; rows?: unknown[]; error?: { message: string; code?: string } }) => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (error) waiting.reject(Object.assign(new Error(error.message), { code: error.code }));
      else waiting.resolve(rows ?? []);
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

/** Kysely over read-only worker threads; started on the first query, so a server that never reports never starts one. */
export function sqliteReaderDialect(file: string, threads = 1): Dialect {
  const readers = Array.from({ length: threads }, () => new ReaderThread(file));
  const connection: DatabaseConnection = {
    async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
      const reader = readers.reduce((least, candidate) => (candidate.load < least.load ? candidate : least));
      return { rows: (await reader.query(compiled.sql, compiled.parameters)) as R[] };
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
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
