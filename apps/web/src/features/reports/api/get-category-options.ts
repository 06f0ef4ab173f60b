import { useQuery } from '@tanstack/react-query';
import type { Category } from '@shop/contracts/category';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** The shop's categories for the stock report's filter (docs/decisions/0005-readings-of-the-requirements.md: all of them, filtered by id). */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', 'list', { per_page: 1000, sort: 'name' }],
    queryFn: ({ signal }) => apiRequest<Paginated<Category>>('/categories', { query: { per_page: 1000, sort: 'name' }, signal }),
    staleTime: 5 * 60_000,
  });
}
