import type pg from 'pg';
import type { ExportText, ExportTextReader } from '../lib/export-text';
import type { ExportRequest } from './pg-export-worker';
import { ReaderThread } from './reader-thread';

/** What PostgreSQL calls the export thread's connection (`application_name`, seen in pg_stat_activity). */
export const EXPORT_CONNECTION_NAME = 'shop console exports';

/**
 * An export's chunks on PostgreSQL, read and written as CSV text on a thread of their own
 * (pg-export-worker.ts) with its own connection (`options`: the reports' limits). Each chunk holds
 * a place in the reports' `pool` while the thread reads it, so an export and the reports together
 * keep no more statements running than the pool allows: the tills keep their core
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Whole-year exports").
 */
export function pgExportWriter(url: string, options: string, pool: pg.Pool): { exportText: ExportTextReader; warm: () => void; stop: () => Promise<void> } {
  const thread = new ReaderThread<Omit<ExportRequest, 'id'>, { text: ExportText }>({ bundled: 'export-reader', source: 'pg-export-worker.ts', workerData: { url, options } });
  // One chunk at a time, whichever export asked: the place is taken when the thread is free, so
  // no chunk holds one while it waits behind another.
  let previous: Promise<unknown> = Promise.resolve();
  const exportText: ExportTextReader = (compiled, text) => {
    const chunk = previous.then(async () => {
      const place = await pool.connect();
      try {
        return (await thread.ask({ sql: compiled.sql, parameters: compiled.parameters, text })).text;
      } finally {
        place.release();
      }
    });
    previous = chunk.catch(() => undefined);
    return chunk;
  };
  return { exportText, warm: () => thread.warm(), stop: () => thread.stop() };
}
