import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse, TwoFactorChallenge } from '@shop/contracts/auth';
import type { User } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { setSession } from '../session-store';
import { meQueryOptions } from './get-me';

export const NO_ACCESS_TOKEN_MESSAGE = 'No access token returned from server';

/** Signed in, or the password was right and the account also asks for its second step. */
export type LoginResult = { kind: 'signed-in'; token: string; user: User | null } | { kind: 'two-factor'; message: string };

export async function login(body: LoginRequest): Promise<LoginResult> {
  const response = await apiRequest<Partial<LoginResponse & TwoFactorChallenge> | undefined>('/login', {
    method: 'POST',
    body,
    globalErrorHandling: false,
  });
  if (response?.two_factor_required) return { kind: 'two-factor', message: response.message ?? '' };
  if (!response?.access_token) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
  return { kind: 'signed-in', token: response.access_token, user: response.user ?? null };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if (result.kind !== 'signed-in') return;
      setSession(result.token, result.user);
      // The user just came from the server: no need to ask /me again on the way in.
      if (result.user) queryClient.setQueryData(meQueryOptions().queryKey, result.user);
    },
  });
}
