import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Activity } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';
import { profileKeys } from './get-profile';

/** The activity log shows 8 entries a page (docs/screens.md, "Page sizes"). */
export const ACTIVITY_PER_PAGE = 8;

export function getActivity(page: number, signal?: AbortSignal): Promise<Paginated<Activity>> {
  return apiRequest<Paginated<Activity>>('/profile/activity', { query: { page, per_page: ACTIVITY_PER_PAGE }, signal });
}

export function activityQueryOptions(page: number) {
  return queryOptions({
    queryKey: profileKeys.activity(page),
    queryFn: ({ signal }) => getActivity(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(page: number) {
  return useQuery(activityQueryOptions(page));
}
