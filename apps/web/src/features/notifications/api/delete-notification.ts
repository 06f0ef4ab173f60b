import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationKeys } from './get-notifications';

export async function deleteNotification(id: number): Promise<{ message: string }> {
  return apiRequest<{ message: string }>(`/notifications/${id}`, { method: 'DELETE' });
}

/** Lists and the unread badge are read again: the deleted one may have been unread. */
export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
