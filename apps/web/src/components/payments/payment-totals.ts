import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PaymentTotals } from '@shop/contracts/payment-totals';
import { apiRequest } from '@/lib/api-client';

/** A period, and optionally one till (what its drawer took). */
export type PaymentTotalsParams = { from?: string; to?: string; till_id?: number };

/** What each payment method brought in per currency over a period, less refunds (GET /reports/payments). */
export function getPaymentTotals(params: PaymentTotalsParams, signal?: AbortSignal): Promise<PaymentTotals> {
  return apiRequest<PaymentTotals>('/reports/payments', { query: params, signal });
}

export function usePaymentTotals(params: PaymentTotalsParams) {
  return useQuery({
    queryKey: ['reports', '/reports/payments', params],
    queryFn: ({ signal }) => getPaymentTotals(params, signal),
    placeholderData: keepPreviousData,
  });
}
