import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplyItem, SupplyItemInput } from '@shop/contracts/supply';
import { apiRequest } from '@/lib/api-client';
import { markReceiptsStale } from './get-supplies';

export async function createSupplyItem(input: SupplyItemInput): Promise<SupplyItem> {
  return (await apiRequest<{ data: SupplyItem }>('/supply-items', { method: 'POST', body: input })).data;
}

/** The list on screen is updated by the page (docs/screens.md, "After a create, an edit or a delete"); everything else is marked stale. */
export function useCreateSupplyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplyItem,
    onSuccess: () => markReceiptsStale(queryClient),
  });
}
