import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';

export function deactivateAccount(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/profile/deactivate', { method: 'POST' });
}

export function useDeactivateAccount() {
  return useMutation({ mutationFn: deactivateAccount });
}
