import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@shop/contracts/common';
import type { PasswordChangeInput } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export function changePassword(input: PasswordChangeInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/profile/password', { method: 'PUT', body: input });
}

/** The server signs out every other session of the user and, unless kept, revokes their API keys: both lists change. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.sessions }), queryClient.invalidateQueries({ queryKey: profileKeys.apiKeys })]),
  });
}
