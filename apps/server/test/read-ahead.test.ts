import { describe, expect, it } from 'vitest';
import { readAhead, type Chunk } from '../src/lib/read-ahead';

/*
 * readAhead over a list of ids, newest first, read the way the exports read the sales: the `size`
 * ids below `before`, after skipping `skip` of them. Every id must come once, in order, whatever
 * the count and however many chunks are on their way.
 */
function idsBelow(ids: number[]) {
  const asked: [before: number | null, skip: number][] = [];
  const read = async (before: number | null, skip: number, size: number): Promise<Chunk<number>> => {
    asked.push([before, skip]);
    const rows = ids.filter((id) => before === null || id < before).slice(skip, skip + size);
    return { rows, next: rows.length === size ? rows[size - 1]! : null };
  };
  return { asked, read };
}

async function readAll(ids: number[], size: number, ahead: 1 | 2) {
  const { asked, read } = idsBelow(ids);
  const chunks: number[][] = [];
  for await (const rows of readAhead((before, skip) => read(before, skip, size), size, ahead)) chunks.push(rows);
  return { chunks, asked };
}

describe('reading a long list in chunks', () => {
  const descending = (count: number) => Array.from({ length: count }, (_, i) => count * 3 - i * 3);

  for (const ahead of [1, 2] as const) {
    it(`gives every id once, in order, with ${ahead} chunk(s) on their way`, async () => {
      for (const count of [0, 1, 4, 5, 9, 10, 11, 23]) {
        const ids = descending(count);
        const { chunks } = await readAll(ids, 5, ahead);
        expect(chunks.flat(), `${count} ids`).toEqual(ids);
        expect(chunks.slice(0, -1).every((rows) => rows.length === 5), `${count} ids`).toBe(true);
      }
    });
  }

  it('asks for the chunk after next while the first is still being worked on', async () => {
    const ids = descending(12);
    const { asked, read } = idsBelow(ids);
    const chunks = readAhead((before, skip) => read(before, skip, 5), 5, 2);
    const first = await chunks.next();
    expect(first.value).toEqual(ids.slice(0, 5));
    // The second chunk (the 5 after the first 5) and the third (the 5 after the first 5 below the first chunk's last id).
    expect(asked).toEqual([
      [null, 0],
      [null, 5],
      [ids[4], 5],
    ]);
    expect((await chunks.next()).value).toEqual(ids.slice(5, 10));
    expect((await chunks.next()).value).toEqual(ids.slice(10));
    expect((await chunks.next()).done).toBe(true);
  });

  it('reads one chunk ahead from the last id when asked for one', async () => {
    const ids = descending(12);
    const { asked } = await readAll(ids, 5, 1);
    expect(asked).toEqual([
      [null, 0],
      [ids[4], 0],
      [ids[9], 0],
    ]);
  });

  it('leaves no failure unhandled when the caller stops early', async () => {
    const failing = readAhead<number>(async (before) => {
      if (before !== null) throw new Error('the database went away');
      return { rows: [9, 8], next: 8 };
    }, 2, 2);
    expect((await failing.next()).value).toEqual([9, 8]);
    await failing.return(undefined);
  });
});
