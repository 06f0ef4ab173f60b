import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PinChangeInput } from '@shop/contracts/approval';
import type { MessageResponse } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export function changePin(input: PinChangeInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/profile/pin', { method: 'PUT', body: input });
}

/** Whether a PIN is set shows on the profile, and the till lists approvers by it. */
export function useChangePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePin,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.details }), queryClient.invalidateQueries({ queryKey: ['approvers'] })]),
  });
}
