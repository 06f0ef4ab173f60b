import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { unitKeys } from './get-units';

export async function deleteUnit(id: number): Promise<void> {
  await apiRequest<void>(`/units/${id}`, { method: 'DELETE' });
}

export function useDeleteUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUnit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  });
}
