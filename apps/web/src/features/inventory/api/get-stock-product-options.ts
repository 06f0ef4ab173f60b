import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** Spec 01 §7: product pickers load up to 200 products. */
export const PRODUCT_OPTIONS_LIMIT = 200;

/** A product to pick in a stock form, with what is on hand now (`include=stock`). */
export type StockProductOption = Pick<Product, 'id' | 'name' | 'sku' | 'track_stock'> & { stock: number | null };

export async function getStockProductOptions(q: string, signal?: AbortSignal): Promise<StockProductOption[]> {
  const response = await apiRequest<Paginated<Product>>('/products', {
    query: { q: q || undefined, per_page: PRODUCT_OPTIONS_LIMIT, include: 'stock' },
    signal,
  });
  return response.data.map(({ id, name, sku, track_stock, stock }) => ({ id, name, sku, track_stock, stock: stock ?? null }));
}

/** Keyed under `products`, so any product write marks these stale as well. */
export function stockProductOptionsQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['products', 'options', { q, per_page: PRODUCT_OPTIONS_LIMIT, include: 'stock' }],
    queryFn: ({ signal }) => getStockProductOptions(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** `q` is null until the picker first opens: nothing is loaded for a form never used. */
export function useStockProductOptions(q: string | null) {
  return useQuery({ ...stockProductOptionsQueryOptions(q ?? ''), enabled: q !== null });
}
