import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { SupplyItem } from '@shop/contracts/supply';
import { apiRequest } from '@/lib/api-client';
import { replaceInPage, type Paginated } from '@/lib/list';

/** Empty filters are left out (docs/screens.md, "Every list"). */
export type SupplyItemListParams = { q?: string; page: number; per_page: number; supply_id?: number; product_id?: number };

export const supplyItemKeys = {
  all: ['supply-items'] as const,
  lists: ['supply-items', 'list'] as const,
  list: (params: SupplyItemListParams) => ['supply-items', 'list', params] as const,
};

export function getSupplyItems(params: SupplyItemListParams, signal?: AbortSignal): Promise<Paginated<SupplyItem>> {
  return apiRequest<Paginated<SupplyItem>>('/supply-items', { query: params, signal });
}

export function supplyItemsQueryOptions(params: SupplyItemListParams) {
  return queryOptions({
    queryKey: supplyItemKeys.list(params),
    queryFn: ({ signal }) => getSupplyItems(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** An edit replaces the row with the server's version, wherever it is cached (docs/screens.md, "After a create, an edit or a delete"). */
export function replaceSupplyItem(queryClient: QueryClient, item: SupplyItem) {
  queryClient.setQueriesData<Paginated<SupplyItem>>({ queryKey: supplyItemKeys.lists }, (list) => (list ? replaceInPage(list, item) : list));
}
