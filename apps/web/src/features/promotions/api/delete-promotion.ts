import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { promotionKeys } from './get-promotions';

export async function deletePromotion(id: number): Promise<void> {
  await apiRequest<void>(`/promotions/${id}`, { method: 'DELETE' });
}

/** The page on screen drops the row itself (docs/screens.md, "After a create, an edit or a delete"); other cached pages are marked stale. */
export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all, refetchType: 'none' }),
  });
}
