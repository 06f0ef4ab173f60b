import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shop/contracts/category';
import { productOptionsQueryOptions } from '@/components/product-picker/get-product-options';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

/** Where a group can apply: every category by name (a cafe has a handful), keyed under `categories`. */
const ALL_CATEGORY_CHOICES = { per_page: 1000, sort: 'name' } as const;

export function categoryChoicesQueryOptions() {
  return queryOptions({
    queryKey: ['categories', 'list', ALL_CATEGORY_CHOICES],
    queryFn: ({ signal }) => apiRequest<Paginated<Category>>('/categories', { query: ALL_CATEGORY_CHOICES, signal }),
  });
}

export function useCategoryChoices() {
  return useQuery(categoryChoicesQueryOptions());
}

/** Every product's name (up to 1000, a cafe's menu), to name the ones a group applies to and search them. */
export function useProductChoices() {
  return useQuery(productOptionsQueryOptions({ q: '', per_page: 1000 }));
}
