import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Unit } from '@shop/contracts/unit';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

export type UnitListParams = { q?: string; page?: number; per_page: number; sort?: 'newest' | 'name' };

export const unitKeys = {
  all: ['units'] as const,
  list: (params: UnitListParams) => ['units', 'list', params] as const,
};

/** The units list gives up after 15 s (docs/screens.md, "Every list"). */
export const UNITS_TIMEOUT_MS = 15_000;

export function getUnits(params: UnitListParams, signal?: AbortSignal): Promise<Paginated<Unit>> {
  return apiRequest<Paginated<Unit>>('/units', { query: params, signal, timeoutMs: UNITS_TIMEOUT_MS });
}

export function unitsQueryOptions(params: UnitListParams) {
  return queryOptions({
    queryKey: unitKeys.list(params),
    queryFn: ({ signal }) => getUnits(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useUnits(params: UnitListParams) {
  return useQuery(unitsQueryOptions(params));
}

/** Every unit, for the product form (per_page 1000, docs/screens.md "Every list"). */
export const ALL_UNITS: UnitListParams = { per_page: 1000, sort: 'name' };
