import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sale } from '@shop/contracts/sale';
import { apiRequest } from '@/lib/api-client';
import { saleKeys } from './get-sales';

/** One sale with its lines and refunds (Staff get only their own; others answer 404). */
export async function getSale(id: number, signal?: AbortSignal): Promise<Sale> {
  return (await apiRequest<{ data: Sale }>(`/sales/${id}`, { signal })).data;
}

export function saleQueryOptions(id: number) {
  return queryOptions({ queryKey: saleKeys.detail(id), queryFn: ({ signal }) => getSale(id, signal) });
}

export function useSale(id: number | null) {
  return useQuery({ ...saleQueryOptions(id ?? 0), enabled: id !== null });
}
