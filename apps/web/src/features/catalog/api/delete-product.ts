import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markCatalogueStale } from './get-products';

export async function deleteProduct(id: number): Promise<void> {
  await apiRequest<void>(`/products/${id}`, { method: 'DELETE' });
}

/** The page on screen moves or refills itself (docs/screens.md, "After a create, an edit or a delete"); the rest is marked stale. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => markCatalogueStale(queryClient),
  });
}
