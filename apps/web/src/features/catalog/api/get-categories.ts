import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@shop/contracts/category';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';

export type CategoryListParams = { q?: string; page?: number; per_page: number; sort?: 'newest' | 'name' };

export const categoryKeys = {
  all: ['categories'] as const,
  list: (params: CategoryListParams) => ['categories', 'list', params] as const,
};

export function getCategories(params: CategoryListParams, signal?: AbortSignal): Promise<Paginated<Category>> {
  return apiRequest<Paginated<Category>>('/categories', { query: params, signal });
}

export function categoriesQueryOptions(params: CategoryListParams) {
  return queryOptions({
    queryKey: categoryKeys.list(params),
    queryFn: ({ signal }) => getCategories(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCategories(params: CategoryListParams) {
  return useQuery(categoriesQueryOptions(params));
}

/** Every category, for the product list's filter and the product form (per_page 1000, docs/screens.md "Every list"). */
export const ALL_CATEGORIES: CategoryListParams = { per_page: 1000, sort: 'name' };
