import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchResults } from '@shop/contracts/search';
import { apiRequest } from '@/lib/api-client';

export const searchKeys = {
  results: (q: string) => ['search', q] as const,
};

/** The header search: a few newest products, orders and customers matching `q` (1–100 characters). */
export async function getSearchResults(q: string, signal?: AbortSignal): Promise<SearchResults> {
  return (await apiRequest<{ data: SearchResults }>('/search', { query: { q }, signal })).data;
}

export function searchResultsQueryOptions(q: string) {
  return queryOptions({
    queryKey: searchKeys.results(q),
    queryFn: ({ signal }) => getSearchResults(q, signal),
    // While the user types on (or backspaces) the last answer stays up, so the list does not blink
    // on every key; a new search starts empty rather than showing the old one's records.
    placeholderData: (previous, previousQuery) => {
      const before = previousQuery?.queryKey[1];
      return q !== '' && before !== undefined && (q.startsWith(before) || before.startsWith(q)) ? previous : undefined;
    },
    // A record added a moment ago should be found when the same words are typed again.
    staleTime: 0,
  });
}

/** Asks nothing for an empty `q`. */
export function useSearchResults(q: string) {
  return useQuery({ ...searchResultsQueryOptions(q), enabled: q !== '' });
}
