import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { userKeys } from './get-users';

/**
 * The bodiless POST /users/{id}/<action> endpoints. They share one shape (no body, the answer
 * only refreshes the list), so one fetcher serves all five rather than five copies of it.
 */
export type AccountAction = 'approve' | 'reject' | 'deactivate' | 'reactivate' | 'reset-2fa';

export async function changeAccountState({ id, action }: { id: number; action: AccountAction }): Promise<void> {
  await apiRequest<unknown>(`/users/${id}/${action}`, { method: 'POST' });
}

export function useChangeAccountState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccountState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
