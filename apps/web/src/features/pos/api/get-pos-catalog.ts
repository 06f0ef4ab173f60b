import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PosCatalog } from '@shop/contracts/pos';
import { apiRequest } from '@/lib/api-client';

export const posCatalogKey = ['pos', 'catalog'] as const;

export function getPosCatalog(signal?: AbortSignal): Promise<PosCatalog> {
  return apiRequest<{ data: PosCatalog }>('/pos/catalog', { signal }).then((body) => body.data);
}

export const posCatalogQueryOptions = queryOptions({
  queryKey: posCatalogKey,
  queryFn: ({ signal }) => getPosCatalog(signal),
  // Stock and promotions move as other tills sell; a minute old is fresh enough to ring up,
  // and the server checks every sale anyway.
  staleTime: 60_000,
  refetchInterval: 60_000,
});

export function usePosCatalog() {
  return useQuery(posCatalogQueryOptions);
}

/** After a sale: the sold units leave the shelf at once, then the catalogue is fetched again. */
export function takeSoldStock(queryClient: QueryClient, sold: { productId: number; quantity: number }[]) {
  queryClient.setQueryData<PosCatalog>(posCatalogKey, (catalog) => {
    if (!catalog) return catalog;
    const taken = new Map<number, number>();
    for (const line of sold) taken.set(line.productId, (taken.get(line.productId) ?? 0) + line.quantity);
    return {
      ...catalog,
      products: catalog.products.map((product) =>
        product.track_stock && taken.has(product.id) ? { ...product, stock: product.stock - (taken.get(product.id) ?? 0) } : product,
      ),
    };
  });
  void queryClient.invalidateQueries({ queryKey: posCatalogKey });
}
