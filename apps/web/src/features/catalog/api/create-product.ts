import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import { markCatalogueStale } from './get-products';

export async function createProduct(input: ProductInput): Promise<Product> {
  return (await apiRequest<{ data: Product }>('/products', { method: 'POST', body: input })).data;
}

/** The list on screen is updated by the page (docs/screens.md, "After a create, an edit or a delete"); other cached lists are marked stale. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => markCatalogueStale(queryClient),
  });
}
