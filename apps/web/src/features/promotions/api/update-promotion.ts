import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Promotion, PromotionInput } from '@shop/contracts/promotion';
import { apiRequest } from '@/lib/api-client';
import { promotionKeys, replacePromotion } from './get-promotions';

export async function updatePromotion({ id, input }: { id: number; input: PromotionInput }): Promise<Promotion> {
  return (await apiRequest<{ data: Promotion }>(`/promotions/${id}`, { method: 'PUT', body: { id, ...input } })).data;
}

export function useUpdatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePromotion,
    onSuccess: (promotion) => {
      replacePromotion(queryClient, promotion);
      void queryClient.invalidateQueries({ queryKey: promotionKeys.all, refetchType: 'none' });
    },
  });
}
