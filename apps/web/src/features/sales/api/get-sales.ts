import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { saleListResponseSchema } from '@shop/contracts/sale';
import { apiRequest } from '@/lib/api-client';

export type SaleListParams = {
  q?: string;
  from?: string;
  to?: string;
  channel?: string;
  payment?: string;
  status?: string;
  page: number;
  per_page: number;
};

/** A page of sales, with `meta.totals` over every sale the filters match. */
export type SaleList = z.infer<typeof saleListResponseSchema>;

export const saleKeys = {
  all: ['sales'] as const,
  lists: ['sales', 'list'] as const,
  list: (params: SaleListParams) => ['sales', 'list', params] as const,
  detail: (id: number) => ['sales', 'detail', id] as const,
};

export function getSales(params: SaleListParams, signal?: AbortSignal): Promise<SaleList> {
  return apiRequest<SaleList>('/sales', { query: params, signal });
}

export function salesQueryOptions(params: SaleListParams) {
  return queryOptions({
    queryKey: saleKeys.list(params),
    queryFn: ({ signal }) => getSales(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSales(params: SaleListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...salesQueryOptions(params), enabled: options.enabled ?? true });
}
