import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** How many matches the supply line's product picker lists for what was typed. */
export const SUPPLY_PRODUCT_OPTIONS_LIMIT = 50;

export type ProductOption = Pick<Product, 'id' | 'name' | 'sku'>;

export async function getProductOptions(q: string, signal?: AbortSignal): Promise<ProductOption[]> {
  const response = await apiRequest<Paginated<Product>>('/products', {
    query: { q: q || undefined, per_page: SUPPLY_PRODUCT_OPTIONS_LIMIT },
    signal,
  });
  return response.data.map(({ id, name, sku }) => ({ id, name, sku }));
}

/** Keyed under `products`, so any product write marks these stale as well. */
export function productOptionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['products', 'supply-options', { q, per_page: SUPPLY_PRODUCT_OPTIONS_LIMIT }],
    queryFn: ({ signal }) => getProductOptions(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** `q` is null until the picker first opens: nothing is loaded for a line never touched. */
export function useProductOptions(q: string | null) {
  return useQuery({ ...productOptionsQueryOptions(q ?? ''), enabled: q !== null });
}
