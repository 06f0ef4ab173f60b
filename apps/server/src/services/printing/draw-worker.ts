import { parentPort } from 'node:worker_threads';
import { drawJob, type DrawInput } from './draw';

/* The printing worker thread (draw-pool.ts): draws and encodes one job per message. */
parentPort?.on('message', (message: { id: number; input: DrawInput }) => {
  drawJob(message.input).then(
    (bytes) => parentPort?.postMessage({ id: message.id, bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => parentPort?.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
