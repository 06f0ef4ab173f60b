import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Supplier } from '@shop/contracts/supplier';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** `active` is sent as 1/0 (docs/architecture.md, "API conventions"); left out for all suppliers. */
export type SupplierListParams = { q?: string; page: number; per_page: number; active?: boolean };

export const supplierKeys = {
  all: ['suppliers'] as const,
  list: (params: SupplierListParams) => ['suppliers', 'list', params] as const,
};

export function getSuppliers(params: SupplierListParams, signal?: AbortSignal): Promise<Paginated<Supplier>> {
  return apiRequest<Paginated<Supplier>>('/suppliers', { query: params, signal });
}

export function suppliersQueryOptions(params: SupplierListParams) {
  return queryOptions({
    queryKey: supplierKeys.list(params),
    queryFn: ({ signal }) => getSuppliers(params, signal),
    placeholderData: keepPreviousData,
  });
}
