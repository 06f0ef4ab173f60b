import type { ListMeta } from '@shop/contracts/common';

/** Every list endpoint answers `{ data, meta }` (docs/architecture.md, "API conventions"). */
export type Paginated<T> = { data: T[]; meta: ListMeta };

function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The page with `item` first, at most `per_page` rows, and the total raised by one. */
export function prependToPage<T>(list: Paginated<T>, item: T): Paginated<T> {
  const total = list.meta.total + 1;
  return {
    data: [item, ...list.data].slice(0, list.meta.per_page),
    meta: { ...list.meta, total, last_page: lastPage(total, list.meta.per_page) },
  };
}

/** The page with the matching row replaced. */
export function replaceInPage<T extends { id: number }>(list: Paginated<T>, item: T): Paginated<T> {
  return { ...list, data: list.data.map((row) => (row.id === item.id ? item : row)) };
}

/** The page without the row whose key (its `id` unless told) is `id`, and the total lowered by one. */
export function removeFromPage<T>(list: Paginated<T>, id: number, key: (row: T) => number = idOf): Paginated<T> {
  if (!list.data.some((row) => key(row) === id)) return list;
  const total = Math.max(0, list.meta.total - 1);
  return {
    data: list.data.filter((row) => key(row) !== id),
    meta: { ...list.meta, total, last_page: lastPage(total, list.meta.per_page) },
  };
}

function idOf(row: unknown): number {
  return typeof row === 'object' && row !== null && 'id' in row && typeof row.id === 'number' ? row.id : Number.NaN;
}

/** Deleting the only row of a page past the first leaves an empty page: show the one before. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}
