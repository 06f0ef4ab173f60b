import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserUpdateInput } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './get-users';

export async function updateUser({ id, input }: { id: number; input: UserUpdateInput }): Promise<User> {
  return (await apiRequest<{ data: User }>(`/users/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
