import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Customer } from '@shop/contracts/customer';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** Customers for the till's picker: the first few matches of what the cashier types. */
export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: ['customers', 'pos-search', q],
    queryFn: ({ signal }) => apiRequest<Paginated<Customer>>('/customers', { query: { q: q || undefined, per_page: 8 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
