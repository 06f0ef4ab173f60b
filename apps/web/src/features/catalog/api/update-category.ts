import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@shop/contracts/category';
import { apiRequest } from '@/lib/api-client';
import { categoryKeys } from './get-categories';
import { productKeys } from './get-products';

export async function updateCategory({ id, input }: { id: number; input: CategoryInput }): Promise<Category> {
  return (await apiRequest<{ data: Category }>(`/categories/${id}`, { method: 'PUT', body: input })).data;
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: async () => {
      // Product rows show the category's name.
      void queryClient.invalidateQueries({ queryKey: productKeys.all, refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}
