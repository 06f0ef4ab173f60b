import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { supplierKeys } from './get-suppliers';

export async function deleteSupplier(id: number): Promise<void> {
  await apiRequest<void>(`/suppliers/${id}`, { method: 'DELETE' });
}

/** The page moves back first when its last row went (docs/screens.md, "After a create, an edit or a delete"); then the list reloads. */
export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
