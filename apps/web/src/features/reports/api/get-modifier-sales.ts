import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ModifierSalesRow } from '@shop/contracts/modifier';
import { apiRequest } from '@/lib/api-client';

export type ModifierSalesParams = { from?: string; to?: string };

/** How many units were sold with each option over a period, and what the options brought (GET /reports/modifiers). */
export function getModifierSales(params: ModifierSalesParams, signal?: AbortSignal): Promise<{ data: ModifierSalesRow[] }> {
  return apiRequest<{ data: ModifierSalesRow[] }>('/reports/modifiers', { query: params, signal });
}

export function useModifierSales(params: ModifierSalesParams) {
  return useQuery({
    queryKey: ['reports', '/reports/modifiers', params],
    queryFn: ({ signal }) => getModifierSales(params, signal),
    placeholderData: keepPreviousData,
  });
}
