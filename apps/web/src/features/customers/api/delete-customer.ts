import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './get-customers';

export async function deleteCustomer(id: number): Promise<void> {
  await apiRequest<void>(`/customers/${id}`, { method: 'DELETE' });
}

/** Spec 01 §7: after a delete the list reloads. */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
