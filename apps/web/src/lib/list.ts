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

/** The page without the row, and the total lowered by one. */
export function removeFromPage<T extends { id: number }>(list: Paginated<T>, id: number): Paginated<T> {
  if (!list.data.some((row) => row.id === id)) return list;
  const total = Math.max(0, list.meta.total - 1);
  return {
    data: list.data.filter((row) => row.id !== id),
    meta: { ...list.meta, total, last_page: lastPage(total, list.meta.per_page) },
  };
}

/** Deleting the only row of a page past the first leaves an empty page: show the one before. */
export function pageAfterDelete(page: number, rowsOnPage: number): number {
  return rowsOnPage <= 1 && page > 1 ? page - 1 : page;
}
