import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductInput } from '@shop/contracts/product';
import { apiRequest } from '@/lib/api-client';
import { markCatalogueStale, replaceProduct } from './get-products';

export async function updateProduct({ id, input }: { id: number; input: ProductInput }): Promise<Product> {
  return (await apiRequest<{ data: Product }>(`/products/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      replaceProduct(queryClient, product);
      markCatalogueStale(queryClient);
    },
  });
}
