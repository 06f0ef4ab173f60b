import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Unit, UnitInput } from '@shop/contracts/unit';
import { apiRequest } from '@/lib/api-client';
import { unitKeys } from './get-units';
import { productKeys } from './get-products';

export async function updateUnit({ id, input }: { id: number; input: UnitInput }): Promise<Unit> {
  return (await apiRequest<{ data: Unit }>(`/units/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUnit,
    onSuccess: async () => {
      // Product rows show the unit's name and symbol.
      void queryClient.invalidateQueries({ queryKey: productKeys.all, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: unitKeys.all });
    },
  });
}
