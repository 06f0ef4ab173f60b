import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER } from '@shop/contracts/http';
import type { RefundInput, Sale } from '@shop/contracts/sale';
import { apiRequest } from '@/lib/api-client';
import { saleKeys } from './get-sales';

export type RefundRequest = {
  saleId: number;
  input: RefundInput;
  /** One key per refund attempt, sent again when the same attempt is retried: it never refunds twice. */
  idempotencyKey: string;
};

export type RefundAnswer = { data: Sale; refund: { id: number; code: string; amount: number }; message: string };

export function refundSale({ saleId, input, idempotencyKey }: RefundRequest): Promise<RefundAnswer> {
  return apiRequest<RefundAnswer>(`/sales/${saleId}/refunds`, {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** Records a refund; the sale's details take the server's answer and the lists, reports and dashboard reload. */
export function useRefundSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundSale,
    onSuccess: (answer) => {
      queryClient.setQueryData(saleKeys.detail(answer.data.id), answer.data);
      // Reports and the dashboard count the refund on today's date.
      void queryClient.invalidateQueries({ queryKey: ['reports'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      return queryClient.invalidateQueries({ queryKey: saleKeys.lists });
    },
  });
}
