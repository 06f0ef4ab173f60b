import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@shop/contracts/category';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './get-categories';

export async function createCategory(input: CategoryInput): Promise<Category> {
  return (await apiRequest<{ data: Category }>('/categories', { method: 'POST', body: input })).data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
