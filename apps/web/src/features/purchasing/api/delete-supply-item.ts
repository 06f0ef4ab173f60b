import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { markReceiptsStale } from './get-supplies';

export async function deleteSupplyItem(id: number): Promise<void> {
  await apiRequest<void>(`/supply-items/${id}`, { method: 'DELETE' });
}

/** The page on screen moves or refills itself (docs/screens.md, "After a create, an edit or a delete"); everything else is marked stale. */
export function useDeleteSupplyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplyItem,
    onSuccess: () => markReceiptsStale(queryClient),
  });
}
