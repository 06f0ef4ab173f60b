import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Role } from '@shop/contracts/common';
import type { StaffAccount, UserStatus } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

export type UserListParams = { q?: string; role?: Role; status?: UserStatus; page: number; per_page: number };

export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
};

export function getUsers(params: UserListParams, signal?: AbortSignal): Promise<Paginated<StaffAccount>> {
  return apiRequest<Paginated<StaffAccount>>('/users', { query: params, signal });
}

export function usersQueryOptions(params: UserListParams) {
  return queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });
}
