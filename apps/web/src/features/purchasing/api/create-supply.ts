import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supply, SupplyInput } from '@shop/contracts/supply';
import { apiRequest } from '@/lib/api-client';
import { markReceiptsStale } from './get-supplies';

/**
 * One call: the server writes the supply, its lines and one stock receipt per line in one
 * transaction (docs/decisions/0003-stock-as-a-ledger.md), so the console posts no /stocks of its own.
 */
export async function createSupply(input: SupplyInput): Promise<Supply> {
  return (await apiRequest<{ data: Supply }>('/supplies', { method: 'POST', body: input })).data;
}

export function useCreateSupply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupply,
    onSuccess: () => markReceiptsStale(queryClient),
  });
}
