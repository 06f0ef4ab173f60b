import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { expiringListResponseSchema } from '@shop/contracts/stock';
import { apiRequest } from '@/lib/api-client';

export const EXPIRING_PER_PAGE = 10;

/** The windows the screen offers; 30 days unless the user picks another. */
export const EXPIRING_WINDOWS = [7, 30, 90] as const;
export type ExpiringWindow = (typeof EXPIRING_WINDOWS)[number];
export const DEFAULT_EXPIRING_WINDOW: ExpiringWindow = 30;

export type ExpiringList = z.infer<typeof expiringListResponseSchema>;

export type ExpiringListParams = { days: number; q?: string; page: number; per_page: number };

export const expiringKeys = {
  all: ['expiring-batches'] as const,
  list: (params: ExpiringListParams) => ['expiring-batches', 'list', params] as const,
};

export function getExpiringBatches(params: ExpiringListParams, signal?: AbortSignal): Promise<ExpiringList> {
  return apiRequest<ExpiringList>('/expiring-batches', { query: params, signal });
}

export function expiringBatchesQueryOptions(params: ExpiringListParams) {
  return queryOptions({
    queryKey: expiringKeys.list(params),
    queryFn: ({ signal }) => getExpiringBatches(params, signal),
    placeholderData: keepPreviousData,
  });
}
