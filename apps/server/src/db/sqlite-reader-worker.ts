import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { writeExportText, type ExportTextName } from '../lib/export-text';
import { failureOf, yieldToSales } from './reader-thread';

/*
 * A SQLite report reader thread (sqlite-reader.ts): its own read-only connection answers one
 * statement per message, as rows, or, for an export's chunk, as the CSV text of its rows, so the
 * main thread neither builds nor copies a year of rows. The bundled server runs
 * `report-reader.js` beside `main.js`; the TypeScript sources run this file through tsx.
 */

export type ReaderRequest = { id: number; sql: string; parameters: readonly unknown[]; text?: ExportTextName };

yieldToSales();
const db = new SQLite((workerData as { file: string }).file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 10000');
const statements = new Map<string, SQLite.Statement>();

function prepared(sql: string): SQLite.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (statements.size < 500) statements.set(sql, statement);
  }
  if (!statement.reader) throw new Error('The report reader cannot write.');
  return statement;
}

parentPort?.on('message', ({ id, sql, parameters, text }: ReaderRequest) => {
  try {
    const statement = prepared(sql);
    if (text) {
      // Rows as arrays, in the order the statement selects them. A chunk's rows are read at once:
      // better-sqlite3's all() takes about 15% less time than stepping through them one by one.
      statement.raw(true);
      try {
        parentPort?.postMessage({ id, text: writeExportText(text, statement.all(parameters) as unknown[][]) });
      } finally {
        statement.raw(false);
      }
    } else {
      parentPort?.postMessage({ id, rows: statement.all(parameters) });
    }
  } catch (error) {
    parentPort?.postMessage({ id, error: failureOf(error) });
  }
});
