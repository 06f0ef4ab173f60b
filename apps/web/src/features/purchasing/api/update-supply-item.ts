import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplyItem, SupplyItemInput } from '@shop/contracts/supply';
import { apiRequest } from '@/lib/api-client';
import { markReceiptsStale } from './get-supplies';
import { replaceSupplyItem } from './get-supply-items';

export async function updateSupplyItem({ id, input }: { id: number; input: SupplyItemInput }): Promise<SupplyItem> {
  return (await apiRequest<{ data: SupplyItem }>(`/supply-items/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateSupplyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplyItem,
    onSuccess: (item) => {
      markReceiptsStale(queryClient);
      replaceSupplyItem(queryClient, item);
    },
  });
}
