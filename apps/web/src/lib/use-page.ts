import { useState } from 'react';

/**
 * The current page of a list, back to 1 whenever `resetKey` changes (a new search or filter
 * starts from the first page). Reset during render, so no request ever goes out for the old
 * page with the new search.
 */
export function usePage(resetKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: resetKey, page: 1 });
  if (state.key !== resetKey) setState({ key: resetKey, page: 1 });
  const page = state.key === resetKey ? state.page : 1;
  return [page, (next: number) => setState({ key: resetKey, page: Math.max(1, next) })];
}
