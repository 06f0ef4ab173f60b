import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { exportTextWriter, type ExportText, type ExportTextName } from '../lib/export-text';
import { EXPORT_CONNECTION_NAME } from './pg-export';
import { failureOf, yieldToSales } from './reader-thread';

/*
 * PostgreSQL's export writer thread (pg-export.ts): its own connection, with the reports' limits,
 * reads an export's chunks one at a time and writes each as CSV text as its rows arrive, so the
 * main thread, which takes the tills' sales, neither parses a year of rows nor writes them. The
 * bundled server runs `export-reader.js` beside `main.js`.
 */

export type ExportRequest = { id: number; sql: string; parameters: readonly unknown[]; text: ExportTextName };

yieldToSales();
const { url, options } = workerData as { url: string; options: string };
let connection: Promise<pg.Client> | null = null;

/** The thread's connection, opened on the first chunk and again after one that broke. */
function connected(): Promise<pg.Client> {
  if (!connection) {
    // Named, so the database's list of connections (pg_stat_activity) says what this one is.
    const client = new pg.Client({ connectionString: url, options, application_name: EXPORT_CONNECTION_NAME });
    client.on('error', () => {
      connection = null;
    });
    connection = client.connect().then(
      () => client,
      (error: unknown) => {
        connection = null;
        throw error;
      },
    );
  }
  return connection;
}

/** A chunk's rows as arrays, in the order they are selected, each written as it arrives: none is kept. */
async function write({ sql, parameters, text }: ExportRequest): Promise<ExportText> {
  const client = await connected();
  const writer = exportTextWriter(text);
  await new Promise<void>((resolve, reject) => {
    const config: pg.QueryArrayConfig = { text: sql, values: [...parameters], rowMode: 'array' };
    const query = client.query(new pg.Query(config));
    query.on('row', (row: unknown[]) => writer.add(row));
    query.on('end', () => resolve());
    query.on('error', reject);
  });
  return writer.end();
}

// Connected as the thread starts (it may be started ahead of the first export, pg-export.ts); a
// connection that fails now is opened again for the first chunk.
connected().catch(() => undefined);

// One chunk at a time on the one connection, in the order they are asked for.
let queue = Promise.resolve();
parentPort?.on('message', (request: ExportRequest) => {
  queue = queue.then(async () => {
    try {
      parentPort?.postMessage({ id: request.id, text: await write(request) });
    } catch (error) {
      parentPort?.postMessage({ id: request.id, error: failureOf(error) });
    }
  });
});
