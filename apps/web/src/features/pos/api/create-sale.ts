import { useMutation } from '@tanstack/react-query';
import type { Sale, SaleInput } from '@shop/contracts/sale';
import { apiRequest } from '@/lib/api-client';

export type SaleRequest = { body: SaleInput; idempotencyKey: string; timeoutMs?: number };

/** POST /sales with the attempt's Idempotency-Key: a retry of the same attempt never sells twice. */
export function createSale({ body, idempotencyKey, timeoutMs }: SaleRequest): Promise<{ data: Sale; message: string }> {
  return apiRequest<{ data: Sale; message: string }>('/sales', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey }, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
}

export function useCreateSale() {
  return useMutation({ mutationFn: createSale });
}
