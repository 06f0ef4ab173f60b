import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@shop/contracts/notification';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys, type NotificationList } from './get-notifications';

export async function updateNotification({ id, read }: { id: number; read: boolean }): Promise<Notification> {
  return (await apiRequest<{ data: Notification }>(`/notifications/${id}`, { method: 'PUT', body: { read } })).data;
}

/**
 * Ticking "read" shows at once (row and badge); a refused call puts both back, and the caller
 * tells the user. Afterwards lists and badge are read again from the server either way.
 */
export function useMarkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotification,
    onMutate: async ({ id, read }) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const lists = queryClient.getQueriesData<NotificationList>({ queryKey: notificationKeys.lists });
      const unread = queryClient.getQueryData<number>(notificationKeys.unreadCount);
      const before = lists.flatMap(([, list]) => list?.data ?? []).find((row) => row.id === id);
      const change = before && before.read !== read ? (read ? -1 : 1) : 0;
      queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.lists }, (list) =>
        list
          ? {
              data: list.data.map((row) => (row.id === id ? { ...row, read } : row)),
              meta: { ...list.meta, unread: Math.max(0, list.meta.unread + change) },
            }
          : list,
      );
      if (unread !== undefined) queryClient.setQueryData(notificationKeys.unreadCount, Math.max(0, unread + change));
      return { lists, unread };
    },
    onError: (_error, _variables, context) => {
      for (const [key, list] of context?.lists ?? []) queryClient.setQueryData(key, list);
      if (context?.unread !== undefined) queryClient.setQueryData(notificationKeys.unreadCount, context.unread);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
