/** One chunk of a long read: its rows, and the id the next chunk reads below (null: this was the last). */
export type Chunk<Row> = { rows: Row[]; next: number | null };

/**
 * A long read (an export of a year of sales), chunk after chunk by id, newest first,
 * each chunk read while the caller still works on the one before: the database and the writer
 * take turns no more. A caller that stops early leaves no failure unhandled.
 */
export async function* readAhead<Row>(read: (before: number | null) => Promise<Chunk<Row>>): AsyncGenerator<Row[]> {
  let pending = read(null);
  for (;;) {
    const { rows, next } = await pending;
    if (next !== null) {
      pending = read(next);
      pending.catch(() => undefined);
    }
    yield rows;
    if (next === null) return;
  }
}
