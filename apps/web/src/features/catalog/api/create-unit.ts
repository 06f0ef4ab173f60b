import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Unit, UnitInput } from '@shop/contracts/unit';
import { apiRequest } from '@/lib/api-client';
import { unitKeys } from './get-units';

export async function createUnit(input: UnitInput): Promise<Unit> {
  return (await apiRequest<{ data: Unit }>('/units', { method: 'POST', body: input })).data;
}

export function useCreateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUnit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unitKeys.all }),
  });
}
