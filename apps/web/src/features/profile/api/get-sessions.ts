import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export async function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return (await apiRequest<{ data: Session[] }>('/profile/sessions', { signal })).data;
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: profileKeys.sessions, queryFn: ({ signal }) => getSessions(signal) });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
