import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
    // The last answer stays up while the next one loads, so the list does not blink on every key.
    placeholderData: keepPreviousData,
    // A record added a moment ago should be found when the same words are typed again.
    staleTime: 0,
  });
}

/** Asks nothing for an empty `q`. */
export function useSearchResults(q: string) {
  return useQuery({ ...searchResultsQueryOptions(q), enabled: q !== '' });
}
