import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { stockListResponseSchema } from '@shop/contracts/stock';
import { apiRequest } from '@/lib/api-client';

/** The stock records' page size (docs/screens.md, "Page sizes"). */
export const STOCKS_PER_PAGE = 10;

/** A page of receipts, with totals over every record the search matches. */
export type StockList = z.infer<typeof stockListResponseSchema>;

export type StockListParams = { q?: string; page: number; per_page: number };

export const stockKeys = {
  all: ['stocks'] as const,
  list: (params: StockListParams) => ['stocks', 'list', params] as const,
};

export function getStocks(params: StockListParams, signal?: AbortSignal): Promise<StockList> {
  return apiRequest<StockList>('/stocks', { query: params, signal });
}

export function stocksQueryOptions(params: StockListParams) {
  return queryOptions({
    queryKey: stockKeys.list(params),
    queryFn: ({ signal }) => getStocks(params, signal),
    placeholderData: keepPreviousData,
  });
}
