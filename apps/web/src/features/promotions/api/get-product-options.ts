import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** Spec 01 §7: the promotions product picker loads up to 200 products. */
export const PRODUCT_OPTIONS_LIMIT = 200;

export type ProductOption = Pick<Product, 'id' | 'name' | 'sku'>;

export async function getProductOptions(q: string, signal?: AbortSignal): Promise<ProductOption[]> {
  const response = await apiRequest<Paginated<Product>>('/products', {
    query: { q: q || undefined, per_page: PRODUCT_OPTIONS_LIMIT },
    signal,
  });
  return response.data.map(({ id, name, sku }) => ({ id, name, sku }));
}

/** Keyed under `products`, so any product write marks these stale as well. */
export function productOptionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['products', 'options', { q, per_page: PRODUCT_OPTIONS_LIMIT }],
    queryFn: ({ signal }) => getProductOptions(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** `q` is null until the picker first opens: nothing is loaded for a form never used. */
export function useProductOptions(q: string | null) {
  return useQuery({ ...productOptionsQueryOptions(q ?? ''), enabled: q !== null });
}
