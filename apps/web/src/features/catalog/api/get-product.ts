import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './get-products';

/** One product, for a link that opens its form (`/products?edit=12`). */
export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  return (await apiRequest<{ data: Product }>(`/products/${id}`, { signal })).data;
}

export function productQueryOptions(id: number) {
  return queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
}

export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
