import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeInput, Profile } from '@shop/contracts/profile';
import type { User } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export async function changeEmail(input: EmailChangeInput): Promise<User> {
  return (await apiRequest<{ data: User }>('/profile/email', { method: 'PUT', body: input })).data;
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (user) => queryClient.setQueryData<Profile>(profileKeys.details, (profile) => (profile ? { ...profile, ...user } : profile)),
  });
}
