import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return (await apiRequest<{ data: ApiKey[] }>('/profile/api-keys', { signal })).data;
}

export function apiKeysQueryOptions() {
  return queryOptions({ queryKey: profileKeys.apiKeys, queryFn: ({ signal }) => getApiKeys(signal) });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
