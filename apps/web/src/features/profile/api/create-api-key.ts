import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeyCreateInput } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export async function createApiKey(input: ApiKeyCreateInput): Promise<ApiKeyCreated> {
  return (await apiRequest<{ data: ApiKeyCreated }>('/profile/api-keys', { method: 'POST', body: input })).data;
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.apiKeys }),
  });
}
