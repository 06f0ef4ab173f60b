import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserUpdateInput } from '@shop/contracts/user';
import { apiRequest } from '@/lib/api-client';
import { useSignedInUserId } from '@/lib/permissions';
import { userKeys } from './get-users';

export async function updateUser({ id, input }: { id: number; input: UserUpdateInput }): Promise<User> {
  return (await apiRequest<{ data: User }>(`/users/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const selfId = useSignedInUserId();
  return useMutation({
    mutationFn: updateUser,
    // An Admin who edits their own account reloads everything, so the console (the header's name,
    // the role's menus, this screen) follows the new name or role at once.
    onSuccess: (user) => queryClient.invalidateQueries(user.id === selfId ? undefined : { queryKey: userKeys.all }),
  });
}
