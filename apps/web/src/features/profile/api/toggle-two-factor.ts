import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFaToggleInput, TwoFaToggleResponse } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export function toggleTwoFactor(input: TwoFaToggleInput): Promise<TwoFaToggleResponse> {
  return apiRequest<TwoFaToggleResponse>('/profile/twofa/toggle', { method: 'POST', body: input });
}

export function useToggleTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTwoFactor,
    // The profile carries the on/off state and how many backup codes are left.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.details }),
  });
}
