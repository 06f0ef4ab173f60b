import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateInput } from '@shop/contracts/profile';
import { apiRequest } from '@/lib/api-client';
import { profileKeys } from './get-profile';

export async function updateProfile(input: ProfileUpdateInput): Promise<Profile> {
  return (await apiRequest<{ data: Profile }>('/profile', { method: 'PUT', body: input })).data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.details, profile),
  });
}
