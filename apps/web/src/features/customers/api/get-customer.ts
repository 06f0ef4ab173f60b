import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Customer } from '@shop/contracts/customer';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './get-customers';

/** One customer, for a link that opens them (`/customers?edit=12`). */
export async function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return (await apiRequest<{ data: Customer }>(`/customers/${id}`, { signal })).data;
}

export function customerQueryOptions(id: number) {
  return queryOptions({ queryKey: customerKeys.detail(id), queryFn: ({ signal }) => getCustomer(id, signal) });
}

export function useCustomer(id: number | null) {
  return useQuery({ ...customerQueryOptions(id ?? 0), enabled: id !== null });
}
