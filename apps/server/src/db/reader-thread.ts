import os from 'node:os';
import { Worker } from 'node:worker_threads';

/*
 * A worker thread that answers the main thread's reads, one message each, matched by id: the
 * SQLite report readers (sqlite-reader.ts) and PostgreSQL's export writer (pg-export.ts). Started
 * on the first read, or just ahead of it (`warm`: the export writer with the first report), so a
 * server that never reports never starts one; an idle thread keeps no finished process alive.
 */

type Pending<Answer> = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/**
 * The bundled server runs `dist/<bundled>.js` beside `main.js`; the TypeScript sources (tests,
 * `npm run dev`) load `db/<source>` through tsx, registered inside the thread.
 */
function startWorker(bundled: string, source: string, workerData: unknown): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${bundled}.js`, import.meta.url), { workerData });
  const entry = JSON.stringify(new URL(`./${source}`, import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, { eval: true, workerData });
}

export class ReaderThread<Request extends object, Answer extends object> {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending<Answer>>();
  private nextId = 0;

  constructor(private readonly script: { bundled: string; source: string; workerData: unknown }) {}

  /** Reads asked and not yet answered. */
  get load() {
    return this.pending.size;
  }

  /** Starts the thread now if it is not running, so the first read does not wait for it. */
  warm(): void {
    if (!this.worker) this.start();
  }

  ask(request: Request): Promise<Answer> {
    const worker = this.worker ?? this.start();
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id });
    });
  }

  private start(): Worker {
    const worker = startWorker(this.script.bundled, this.script.source, this.script.workerData);
    worker.unref();
    worker.on('message', ({ id, error, ...answer }: { id: number; error?: { message: string; code?: string } }) => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      if (error) waiting.reject(Object.assign(new Error(error.message), { code: error.code }));
      else waiting.resolve(answer as Answer);
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

/** What a reader thread answers when a read fails: the error's message and its database code. */
export const failureOf = (error: unknown) => {
  const failure = error as { message?: string; code?: string };
  return { message: failure.message ?? String(error), code: failure.code };
};

/** How far a report thread stands back from the main thread when both want a core: nice steps. */
const REPORT_THREAD_NICENESS = 10;

/**
 * Called on a report thread as it starts: the thread (only it; Linux keeps a nice value per
 * thread) yields the processor to the main thread, which takes the tills' sales, whenever both
 * want a core (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Report threads yield to
 * the sales"). Elsewhere the call would lower the whole process, so it is left as is.
 */
export function yieldToSales(): void {
  if (process.platform !== 'linux') return;
  try {
    os.setPriority(0, Math.min(19, os.getPriority(0) + REPORT_THREAD_NICENESS));
  } catch {
    // Not allowed here: the thread runs at the process's priority.
  }
}
