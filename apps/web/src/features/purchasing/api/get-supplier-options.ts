import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PER_PAGE } from '@shop/contracts/common';
import type { Supplier } from '@shop/contracts/supplier';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';
import { supplierKeys } from './get-suppliers';

export type SupplierOption = Pick<Supplier, 'id' | 'name' | 'code'>;

/** The Create Supply form's supplier select: every active supplier (a shop has a handful). */
export async function getSupplierOptions(signal?: AbortSignal): Promise<SupplierOption[]> {
  const response = await apiRequest<Paginated<Supplier>>('/suppliers', { query: { active: true, per_page: MAX_PER_PAGE }, signal });
  return response.data.map(({ id, name, code }) => ({ id, name, code }));
}

export function supplierOptionsQueryOptions() {
  return queryOptions({
    queryKey: [...supplierKeys.all, 'options'] as const,
    queryFn: ({ signal }) => getSupplierOptions(signal),
  });
}

export function useSupplierOptions() {
  return useQuery(supplierOptionsQueryOptions());
}
