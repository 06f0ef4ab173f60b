import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shop/contracts/category';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** Every category by name (per_page 1000, docs/screens.md "Every list"), under the key the catalogue's pickers use. */
const ALL_CATEGORIES = { per_page: 1000, sort: 'name' } as const;

export const allCategoriesQueryOptions = queryOptions({
  queryKey: ['categories', 'list', ALL_CATEGORIES],
  queryFn: ({ signal }) => apiRequest<Paginated<Category>>('/categories', { query: ALL_CATEGORIES, signal }),
});

/** For Settings → Kitchen: which station makes each category. */
export function useAllCategories() {
  return useQuery(allCategoriesQueryOptions);
}
