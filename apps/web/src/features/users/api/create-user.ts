import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserCreateInput } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './get-users';

export async function createUser(input: UserCreateInput): Promise<User> {
  return (await apiRequest<{ data: User }>('/users', { method: 'POST', body: input })).data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
