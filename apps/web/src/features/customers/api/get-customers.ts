import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Customer } from '@shop/contracts/customer';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

export type CustomerListParams = { q?: string; page: number; per_page: number };

export const customerKeys = {
  all: ['customers'] as const,
  list: (params: CustomerListParams) => ['customers', 'list', params] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
};

export function getCustomers(params: CustomerListParams, signal?: AbortSignal): Promise<Paginated<Customer>> {
  return apiRequest<Paginated<Customer>>('/customers', { query: params, signal });
}

export function customersQueryOptions(params: CustomerListParams) {
  return queryOptions({
    queryKey: customerKeys.list(params),
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}
