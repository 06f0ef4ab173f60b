/** One chunk of a long read: its rows, and the id the next chunk reads below (null: this was the last). */
export type Chunk<Row> = { rows: Row[]; next: number | null };

/** How far ahead to read with `readers` statements answered at once: a second chunk only when a second reader can take it. */
export const chunksAhead = (readers = 1): 1 | 2 => (readers >= 2 ? 2 : 1);

/**
 * A long read (an export of a year of sales), chunk after chunk by id, newest first, each chunk
 * read while the caller still works on the one before. With `ahead` 2, a second chunk is on its
 * way as well: each chunk is asked for as soon as the one two before it is known, as the `size`
 * rows that follow the first `size` below that one's last id: another connection or reader thread
 * reads it while the rows before it still arrive. With one reader it would only read the skipped
 * rows twice (`chunksAhead`). A caller that stops early leaves no failure unhandled.
 */
export async function* readAhead<Row>(read: (before: number | null, skip: number) => Promise<Chunk<Row>>, size: number, ahead: 1 | 2 = 1): AsyncGenerator<Row[]> {
  const ask = (before: number | null, skip: number) => {
    const chunk = read(before, skip);
    chunk.catch(() => undefined);
    return chunk;
  };
  let current = ask(null, 0);
  let following = ahead === 2 ? ask(null, size) : null;
  for (;;) {
    const { rows, next } = await current;
    if (next === null) {
      yield rows;
      return;
    }
    const after = ask(next, following ? size : 0);
    yield rows;
    current = following ?? after;
    following = following ? after : null;
  }
}
