import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Supply } from '@shop/contracts/supply';
import { apiRequest } from '@/lib/api-client';
import { supplyKeys } from './get-supplies';

/** One supply with its lines (the Supply Details dialog). */
export async function getSupply(id: number, signal?: AbortSignal): Promise<Supply> {
  return (await apiRequest<{ data: Supply }>(`/supplies/${id}`, { signal })).data;
}

export function supplyQueryOptions(id: number) {
  return queryOptions({
    queryKey: supplyKeys.detail(id),
    queryFn: ({ signal }) => getSupply(id, signal),
  });
}

/** `id` is null while no supply is open: nothing is loaded. */
export function useSupply(id: number | null) {
  return useQuery({ ...supplyQueryOptions(id ?? 0), enabled: id !== null });
}
