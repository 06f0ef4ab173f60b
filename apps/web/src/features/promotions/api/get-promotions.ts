import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Promotion } from '@shop/contracts/promotion';
import { apiRequest } from '@/lib/api-client';
import { replaceInPage, type Paginated } from '@/lib/list';

export type PromotionListParams = { q?: string; page: number; per_page: number };

export const promotionKeys = {
  all: ['promotions'] as const,
  lists: ['promotions', 'list'] as const,
  list: (params: PromotionListParams) => ['promotions', 'list', params] as const,
};

export function getPromotions(params: PromotionListParams, signal?: AbortSignal): Promise<Paginated<Promotion>> {
  return apiRequest<Paginated<Promotion>>('/promotions', { query: params, signal });
}

export function promotionsQueryOptions(params: PromotionListParams) {
  return queryOptions({
    queryKey: promotionKeys.list(params),
    queryFn: ({ signal }) => getPromotions(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** An update replaces the row where it is shown (docs/screens.md, "After a create, an edit or a delete"). */
export function replacePromotion(queryClient: QueryClient, promotion: Promotion) {
  queryClient.setQueriesData<Paginated<Promotion>>({ queryKey: promotionKeys.lists }, (list) => (list ? replaceInPage(list, promotion) : list));
}
