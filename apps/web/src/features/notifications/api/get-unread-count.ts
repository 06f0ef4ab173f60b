import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { unreadCountSchema } from '@shop/contracts/notification';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './get-notifications';

/** New notifications are raised by other people's sales and refunds, so the badge asks again now and then. */
export const UNREAD_POLL_MS = 60_000;

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await apiRequest<z.infer<typeof unreadCountSchema>>('/notifications/unread-count', { signal })).data.unread;
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}

/** The signed-in user's unread notifications, for the header bell and the sidebar (0 until known). */
export function useUnreadCount(): number {
  return useQuery(unreadCountQueryOptions()).data ?? 0;
}
