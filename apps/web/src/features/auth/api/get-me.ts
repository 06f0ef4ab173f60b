import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { updateSessionUser, useSession } from '../session-store';

export async function getMe(signal?: AbortSignal): Promise<User> {
  const response = await apiRequest<{ data: User }>('/me', { signal });
  return response.data;
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * Checks the stored token with the server once the console opens: a revoked or expired token
 * answers 401, which signs the user out through the api client. A valid one refreshes the
 * stored user (name, role) in case it changed since sign-in.
 */
export function useMe() {
  const session = useSession();
  const query = useQuery({ ...meQueryOptions(), enabled: session !== null });
  const { data } = query;
  useEffect(() => {
    if (data) updateSessionUser(data);
  }, [data]);
  return query;
}
