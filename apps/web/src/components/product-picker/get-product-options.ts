import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** A product to pick; `stock` is what is on hand now when asked for (`include=stock`), else null. */
export type ProductOption = Pick<Product, 'id' | 'name' | 'sku' | 'track_stock'> & { stock: number | null };

export type ProductOptionsParams = { q: string; per_page: number; include?: 'stock' };

export async function getProductOptions({ q, per_page, include }: ProductOptionsParams, signal?: AbortSignal): Promise<ProductOption[]> {
  const response = await apiRequest<Paginated<Product>>('/products', { query: { q: q || undefined, per_page, include }, signal });
  return response.data.map(({ id, name, sku, track_stock, stock }) => ({ id, name, sku, track_stock, stock: stock ?? null }));
}

/** Keyed under `products`, so any product write marks these stale as well. */
export function productOptionsQueryOptions(params: ProductOptionsParams) {
  return queryOptions({
    queryKey: ['products', 'options', params],
    queryFn: ({ signal }) => getProductOptions(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** `q` is null until the picker first opens: nothing is loaded for a form never used. */
export function useProductOptions(q: string | null, params: Omit<ProductOptionsParams, 'q'>) {
  return useQuery({ ...productOptionsQueryOptions({ ...params, q: q ?? '' }), enabled: q !== null });
}
