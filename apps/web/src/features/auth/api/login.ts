import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@shop/contracts/auth';
import type { User } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { setSession } from '../session-store';
import { meQueryOptions } from './get-me';

export const NO_ACCESS_TOKEN_MESSAGE = 'No access token returned from server';

export type LoginResult = { token: string; user: User | null };

export async function login(body: LoginRequest): Promise<LoginResult> {
  const response = await apiRequest<Partial<LoginResponse> | undefined>('/login', {
    method: 'POST',
    body,
    globalErrorHandling: false,
  });
  if (!response?.access_token) throw new Error(NO_ACCESS_TOKEN_MESSAGE);
  return { token: response.access_token, user: response.user ?? null };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      setSession(token, user);
      // The user just came from the server: no need to ask /me again on the way in.
      if (user) queryClient.setQueryData(meQueryOptions().queryKey, user);
    },
  });
}
