import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerInput } from '@shop/contracts/customer';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './get-customers';

export async function updateCustomer({ id, input }: { id: number; input: CustomerInput }): Promise<Customer> {
  return (await apiRequest<{ data: Customer }>(`/customers/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
