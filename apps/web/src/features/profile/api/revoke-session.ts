import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export function revokeSession(id: number): Promise<MessageResponse> {
  return apiRequest<MessageResponse>(`/profile/sessions/${id}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}
