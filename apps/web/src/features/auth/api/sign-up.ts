import { useMutation } from '@tanstack/react-query';
import type { SignUpRequest } from '@shop/contracts/auth';
import type { MessageResponse } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';

/** Asks for an account; it waits as a pending Staff account until an Admin approves it. */
export function signUp(body: SignUpRequest): Promise<MessageResponse> {
  // The page explains every failure itself (fields or banner), so no global toast as well.
  return apiRequest<MessageResponse>('/signup', { method: 'POST', body, globalErrorHandling: false });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
