import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Supply } from '@shop/contracts/supply';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

export type SupplyListParams = { q?: string; page: number; per_page: number };

export const supplyKeys = {
  all: ['supplies'] as const,
  list: (params: SupplyListParams) => ['supplies', 'list', params] as const,
  detail: (id: number) => ['supplies', 'detail', id] as const,
};

export function getSupplies(params: SupplyListParams, signal?: AbortSignal): Promise<Paginated<Supply>> {
  return apiRequest<Paginated<Supply>>('/supplies', { query: params, signal });
}

export function suppliesQueryOptions(params: SupplyListParams) {
  return queryOptions({
    queryKey: supplyKeys.list(params),
    queryFn: ({ signal }) => getSupplies(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * A receipt changes more than purchasing shows: on-hand, batches, stock records, reports. Those
 * screens' queries belong to other features, so every cached answer is marked stale (nothing is
 * fetched now; each screen reloads when it is next shown).
 */
export function markReceiptsStale(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ refetchType: 'none' });
}
