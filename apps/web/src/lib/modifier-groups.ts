import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModifierGroup } from '@shop/contracts/modifier';
import { apiRequest } from './api-client';
import type { Paginated } from './list';

/*
 * Modifier groups as every screen asks for them: the groups screen pages them, the product and
 * category forms pick from all of them (docs/decisions/0013-modifiers-and-discounts.md).
 */

export type ModifierGroupListParams = { q?: string; page?: number; per_page: number };

export const modifierGroupKeys = {
  all: ['modifier-groups'] as const,
  list: (params: ModifierGroupListParams) => ['modifier-groups', 'list', params] as const,
};

export function getModifierGroups(params: ModifierGroupListParams, signal?: AbortSignal): Promise<Paginated<ModifierGroup>> {
  return apiRequest<Paginated<ModifierGroup>>('/modifier-groups', { query: params, signal });
}

export function modifierGroupsQueryOptions(params: ModifierGroupListParams) {
  return queryOptions({
    queryKey: modifierGroupKeys.list(params),
    queryFn: ({ signal }) => getModifierGroups(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every group (a shop has a handful), by name: what the product and category forms pick from. */
export const ALL_MODIFIER_GROUPS: ModifierGroupListParams = { per_page: 1000 };

export function useAllModifierGroups() {
  return useQuery(modifierGroupsQueryOptions(ALL_MODIFIER_GROUPS));
}
