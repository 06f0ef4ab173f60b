import { useState } from 'react';

/**
 * Rows picked on a list screen, by id, kept with the rows themselves so they stay picked (and
 * known) while the list pages, searches or filters away from them.
 */
export function useSelection<Row>(rowKey: (row: Row) => number) {
  const [picked, setPicked] = useState<ReadonlyMap<number, Row>>(new Map());

  function update(change: (next: Map<number, Row>) => void) {
    setPicked((current) => {
      const next = new Map(current);
      change(next);
      return next;
    });
  }

  return {
    rows: [...picked.values()],
    count: picked.size,
    has: (row: Row) => picked.has(rowKey(row)),
    toggle: (row: Row) =>
      update((next) => {
        if (!next.delete(rowKey(row))) next.set(rowKey(row), row);
      }),
    /** Picks every row given, or drops them all when all of them are already picked. */
    toggleAll: (rows: Row[]) =>
      update((next) => {
        const all = rows.length > 0 && rows.every((row) => next.has(rowKey(row)));
        for (const row of rows) {
          if (all) next.delete(rowKey(row));
          else next.set(rowKey(row), row);
        }
      }),
    remove: (key: number) => update((next) => void next.delete(key)),
    clear: () => setPicked(new Map()),
  };
}

export type Selection<Row> = ReturnType<typeof useSelection<Row>>;
