import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export function revokeApiKey(id: number): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/profile/api-keys/${id}`, { method: 'DELETE' });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.apiKeys }),
  });
}
