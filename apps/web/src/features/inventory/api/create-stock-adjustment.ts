import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { StockAdjustmentInput, stockAdjustmentSchema } from '@shop/contracts/stock';
import { apiRequest } from '@/lib/api-client';
import { expiringKeys } from './get-expiring-batches';
import { stockKeys } from './get-stocks';

export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

export async function createStockAdjustment(input: StockAdjustmentInput): Promise<StockAdjustment> {
  return (await apiRequest<{ data: StockAdjustment }>('/stock-adjustments', { method: 'POST', body: input })).data;
}

/** An adjustment changes what is left of batches (the expiring list, receipts) and on-hand. */
export function useCreateStockAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStockAdjustment,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: expiringKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
