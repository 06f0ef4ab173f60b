import { useQuery } from '@tanstack/react-query';
import { dashboardSchema } from '@shop/contracts/report';
import { apiRequest } from '@/lib/api-client';

/** Checked against the contract on arrival: a malformed answer shows the error state, not a broken page. */
export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async ({ signal }) => dashboardSchema.parse((await apiRequest<{ data: unknown }>('/dashboard', { signal })).data),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}
