import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerInput } from '@shop/contracts/customer';
import { apiRequest } from '@/lib/api-client';
import { customerKeys } from './get-customers';

export async function createCustomer(input: CustomerInput): Promise<Customer> {
  return (await apiRequest<{ data: Customer }>('/customers', { method: 'POST', body: input })).data;
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
