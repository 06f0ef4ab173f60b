import { sql } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { ServiceContext } from './context';

/*
 * Sales, refunds and Z-reports are numbered in gapless series (SO-000001, RF-000001, Z-000001): a number is taken
 * inside the document's own transaction, so a refused or rolled-back sale leaves no hole.
 * See docs/decisions/0007-a-sale-is-never-edited.md. How a number is written: lib/document-codes.ts.
 */

type Counter = 'sale' | 'refund' | 'z_report' | 'journal' | 'open_order' | 'kitchen_ticket' | 'catalog';

const takeNext = compiledOnce((db, counter: Counter, count: number) =>
  db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('name', '=', counter)
    .returning('value'),
);

/** The next number of a gapless series, taken inside the caller's transaction. */
export async function nextNumber(tx: ServiceContext, counter: Counter): Promise<number> {
  return (await nextNumbers(tx, counter, 1))[0]!;
}

/** The next `count` numbers of a gapless series, in order, taken at once inside the caller's transaction. */
export async function nextNumbers(tx: ServiceContext, counter: Counter, count: number): Promise<number[]> {
  const [row] = await takeNext(tx, counter, count);
  if (!row) throw new Error(`No counter named ${counter}`);
  return Array.from({ length: count }, (_, index) => row.value - count + 1 + index);
}

/**
 * PostgreSQL: the id the next row of `table` will have, taken from its sequence. Nothing waits
 * for it; a rolled-back transaction leaves its id unused.
 */
export async function reserveRowId(tx: ServiceContext, table: 'sales' | 'kitchen_tickets'): Promise<number> {
  return (await reserveRowIds(tx, table, 1))[0]!;
}

/** PostgreSQL: the ids the next `count` rows of `table` will have, lowest first, in one statement. */
export async function reserveRowIds(tx: ServiceContext, table: 'sales' | 'kitchen_tickets', count: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`.execute(tx.db);
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
