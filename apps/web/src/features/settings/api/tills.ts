import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Till, TillInput } from '@shop/contracts/till';
import { tillKeys } from '@/components/shift-report/shifts-api';
import { apiRequest } from '@/lib/api-client';

/** POST /tills and PUT /tills/{id} (an Admin's); a name another till has is a 409 on `name`. */
export async function createTill(input: TillInput): Promise<Till> {
  return (await apiRequest<{ data: Till }>('/tills', { method: 'POST', body: input })).data;
}

export async function updateTill({ id, input }: { id: number; input: TillInput }): Promise<Till> {
  return (await apiRequest<{ data: Till }>(`/tills/${id}`, { method: 'PUT', body: input })).data;
}

function useTillMutation<Variables>(call: (variables: Variables) => Promise<Till>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: tillKeys.all }) });
}

export const useCreateTill = () => useTillMutation(createTill);
export const useUpdateTill = () => useTillMutation(updateTill);
