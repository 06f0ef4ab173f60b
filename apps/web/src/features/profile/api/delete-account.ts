import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@shop/contracts/common';
import type { AccountDeleteInput } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';

export function deleteAccount(input: AccountDeleteInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/profile', { method: 'DELETE', body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
