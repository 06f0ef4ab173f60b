import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SettleInput } from '@shop/contracts/payment';
import { IDEMPOTENCY_KEY_HEADER } from '@shop/contracts/http';
import type { Sale } from '@shop/contracts/sale';
import { apiRequest } from '@/lib/api-client';
import { saleKeys } from './get-sales';

export type SettleAnswer = { data: Sale; change: { change: number; change_usd: number; change_khr: number; change_all_khr: number }; message: string };

/** POST /sales/{id}/payments: money taken against a sale left on account. The key makes a retry safe. */
export function settleSale({ saleId, input, idempotencyKey }: { saleId: number; input: SettleInput; idempotencyKey: string }): Promise<SettleAnswer> {
  return apiRequest<SettleAnswer>(`/sales/${saleId}/payments`, { method: 'POST', body: input, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** Records the payment; the sale's details take the answer, and the lists and customers reload (status, balance). */
export function useSettleSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleSale,
    onSuccess: (answer) => {
      queryClient.setQueryData(saleKeys.detail(answer.data.id), answer.data);
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      return queryClient.invalidateQueries({ queryKey: saleKeys.lists });
    },
  });
}
