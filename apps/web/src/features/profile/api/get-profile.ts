import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';

export const profileKeys = {
  all: ['profile'] as const,
  details: ['profile', 'details'] as const,
  sessions: ['profile', 'sessions'] as const,
  apiKeys: ['profile', 'api-keys'] as const,
  activity: (page: number) => ['profile', 'activity', page] as const,
};

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return (await apiRequest<{ data: Profile }>('/profile', { signal })).data;
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.details, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
