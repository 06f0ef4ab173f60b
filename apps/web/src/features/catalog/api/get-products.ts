import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Product } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import { replaceInPage, type Paginated } from '@/lib/list';
import { categoryKeys } from './get-categories';
import { unitKeys } from './get-units';

export type ProductListParams = { q?: string; page: number; per_page: number; category_id?: number };

export const productKeys = {
  all: ['products'] as const,
  lists: ['products', 'list'] as const,
  list: (params: ProductListParams) => ['products', 'list', params] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};

export function getProducts(params: ProductListParams, signal?: AbortSignal): Promise<Paginated<Product>> {
  return apiRequest<Paginated<Product>>('/products', { query: params, signal });
}

export function productsQueryOptions(params: ProductListParams) {
  return queryOptions({
    queryKey: productKeys.list(params),
    queryFn: ({ signal }) => getProducts(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every cached page showing the product gets the new version. */
export function replaceProduct(queryClient: QueryClient, product: Product) {
  queryClient.setQueriesData<Paginated<Product>>({ queryKey: productKeys.lists }, (list) => (list ? replaceInPage(list, product) : list));
}

/** After a product write: other product lists, and the product counts of categories and units, are out of date. */
export function markCatalogueStale(queryClient: QueryClient) {
  for (const queryKey of [productKeys.all, categoryKeys.all, unitKeys.all]) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
}
