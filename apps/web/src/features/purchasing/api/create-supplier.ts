import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Supplier, SupplierInput } from '@shop/contracts/supplier';
import { apiRequest } from '@/lib/api-client';
import { supplierKeys } from './get-suppliers';

export async function createSupplier(input: SupplierInput): Promise<Supplier> {
  return (await apiRequest<{ data: Supplier }>('/suppliers', { method: 'POST', body: input })).data;
}

/** After a create the list reloads (from page 1, which the page moves to; docs/screens.md, "After a create, an edit or a delete"). */
export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}
