import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StockRecord, StockRecordInput } from '@shop/contracts/stock';
import { apiRequest } from '@/lib/api-client';
import { expiringKeys } from './get-expiring-batches';
import { stockKeys } from './get-stocks';

export async function createStockRecord(input: StockRecordInput): Promise<StockRecord> {
  return (await apiRequest<{ data: StockRecord }>('/stocks', { method: 'POST', body: input })).data;
}

/** A receipt adds a record, may add an expiring batch, and raises the product's on-hand. */
export function useCreateStockRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStockRecord,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: expiringKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
