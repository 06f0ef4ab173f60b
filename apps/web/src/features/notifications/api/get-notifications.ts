import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { notificationListResponseSchema } from '@shop/contracts/notification';
import { apiRequest } from '@/lib/api-client';

export type NotificationList = z.infer<typeof notificationListResponseSchema>;
export type NotificationListParams = { page: number; per_page: number; unread?: boolean };

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: ['notifications', 'list'] as const,
  list: (params: NotificationListParams) => ['notifications', 'list', params] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};

export function getNotifications(params: NotificationListParams, signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest<NotificationList>('/notifications', { query: params, signal });
}

export function notificationsQueryOptions(params: NotificationListParams) {
  return queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(params: NotificationListParams) {
  return useQuery(notificationsQueryOptions(params));
}
