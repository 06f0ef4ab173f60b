import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supplier, SupplierInput } from '@shop/contracts/supplier';
import { apiRequest } from '@/lib/api-client';
import { supplierKeys } from './get-suppliers';

export async function updateSupplier({ id, input }: { id: number; input: SupplierInput }): Promise<Supplier> {
  return (await apiRequest<{ data: Supplier }>(`/suppliers/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
