import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserPasswordInput } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './get-users';

export async function setUserPassword({ id, input }: { id: number; input: UserPasswordInput }): Promise<User> {
  return (await apiRequest<{ data: User }>(`/users/${id}/password`, { method: 'PUT', body: input })).data;
}

export function useSetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
