import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ModifierGroup, ModifierGroupInput } from '@shop/contracts/modifier';
import { apiRequest } from '@/lib/api-client';
import { modifierGroupKeys } from '@/lib/modifier-groups';

export async function createModifierGroup(input: ModifierGroupInput): Promise<ModifierGroup> {
  return (await apiRequest<{ data: ModifierGroup }>('/modifier-groups', { method: 'POST', body: input })).data;
}

export async function updateModifierGroup({ id, input }: { id: number; input: ModifierGroupInput }): Promise<ModifierGroup> {
  return (await apiRequest<{ data: ModifierGroup }>(`/modifier-groups/${id}`, { method: 'PUT', body: input })).data;
}

export async function deleteModifierGroup(id: number): Promise<void> {
  await apiRequest<void>(`/modifier-groups/${id}`, { method: 'DELETE' });
}

/**
 * After a group write: the groups' lists reload, and the products' and categories' cached
 * `modifier_group_ids` (keyed `products`, `categories`, and the till's `pos`) are marked stale.
 */
function afterWrite(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: modifierGroupKeys.all });
  for (const queryKey of [['products'], ['categories'], ['pos']]) {
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  }
}

export function useCreateModifierGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createModifierGroup, onSuccess: () => afterWrite(queryClient) });
}

export function useUpdateModifierGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateModifierGroup, onSuccess: () => afterWrite(queryClient) });
}

export function useDeleteModifierGroup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteModifierGroup, onSuccess: () => afterWrite(queryClient) });
}
