import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Promotion, PromotionInput } from '@shop/contracts/promotion';
import { apiRequest } from '@/lib/api-client';
import { promotionKeys } from './get-promotions';

export async function createPromotion(input: PromotionInput): Promise<Promotion> {
  return (await apiRequest<{ data: Promotion }>('/promotions', { method: 'POST', body: input })).data;
}

/** After a create the list reloads (from page 1, which the page moves to; docs/screens.md, "After a create, an edit or a delete"). */
export function useCreatePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromotion,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
