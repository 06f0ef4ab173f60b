import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotifyPreferences, Profile } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export async function updateNotifyPreferences(input: NotifyPreferences): Promise<NotifyPreferences> {
  return (await apiRequest<{ data: NotifyPreferences }>('/profile/notifications', { method: 'PUT', body: input })).data;
}

export function useUpdateNotifyPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifyPreferences,
    onSuccess: (notify) => queryClient.setQueryData<Profile>(profileKeys.details, (profile) => (profile ? { ...profile, notify } : profile)),
  });
}
