import { Worker } from 'node:worker_threads';
import type { DrawInput } from './draw';

/*
 * One worker thread that draws and encodes print jobs (draw-worker.ts), so a receipt's canvas
 * and raster work runs beside the server's event loop rather than in it. Started on the first
 * job; if it cannot start or dies, jobs are drawn on the main thread instead (slower for the
 * other requests, never lost). The bundled server runs `printing-worker.js` beside `main.js`;
 * the TypeScript sources (tests, `npm run dev`) run `draw-worker.ts` through tsx.
 */

type Pending = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function startWorker(): Worker | null {
  if (worker || broken) return worker;
  try {
    const fromSources = import.meta.url.endsWith('.ts');
    const file = fromSources ? new URL('./draw-worker.ts', import.meta.url) : new URL('./printing-worker.js', import.meta.url);
    const started = new Worker(file, fromSources ? { execArgv: ['--import', 'tsx'] } : {});
    started.unref();
    started.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (!waiting) return;
      if (message.bytes) waiting.resolve(new Uint8Array(message.bytes));
      else waiting.reject(new Error(message.error ?? 'The job could not be drawn'));
    });
    const fail = () => {
      broken = true;
      worker = null;
      for (const [id, waiting] of pending) {
        pending.delete(id);
        waiting.reject(new Error('The printing worker stopped'));
      }
    };
    started.on('error', fail);
    started.on('exit', fail);
    worker = started;
  } catch {
    broken = true;
  }
  return worker;
}

/**
 * Draws a job on this thread: the drawing and encoding libraries load only then, so a server whose
 * worker runs never holds them (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
 */
async function drawHere(input: DrawInput): Promise<Uint8Array> {
  const { drawJob } = await import('./draw');
  return drawJob(input);
}

/** Draws and encodes a job on the worker thread (or here when there is none). */
export async function drawInWorker(input: DrawInput): Promise<Uint8Array> {
  const thread = startWorker();
  if (!thread) return drawHere(input);
  const id = nextId++;
  try {
    return await new Promise<Uint8Array>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ id, input });
    });
  } catch (error) {
    // A worker that stopped mid-job: draw this one here rather than fail it.
    if (broken) return drawHere(input);
    throw error;
  } finally {
    if (pending.size === 0) worker?.unref();
  }
}
