import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@shop/contracts/common';
import type { PasswordChangeInput } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export function changePassword(input: PasswordChangeInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/profile/password', { method: 'PUT', body: input });
}

/** The server signs out every other session of the user, so the sessions list changes too. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}
