import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './get-customers';

export async function deleteCustomer(id: number): Promise<void> {
  await apiRequest<void>(`/customers/${id}`, { method: 'DELETE' });
}

/** After a delete the list reloads (docs/screens.md, "After a create, an edit or a delete"). */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
