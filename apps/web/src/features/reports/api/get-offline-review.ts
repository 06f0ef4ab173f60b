import { useQuery } from '@tanstack/react-query';
import type { OfflineFlag } from '@shop/contracts/offline-sale';
import { apiRequest } from '@/lib/api-client';

/** What sales made offline left for a Manager to look at, newest first (GET /sales/offline-review). */
export function getOfflineReview(signal?: AbortSignal): Promise<{ data: OfflineFlag[] }> {
  return apiRequest<{ data: OfflineFlag[] }>('/sales/offline-review', { query: { per_page: 50 }, signal });
}

export function useOfflineReview() {
  return useQuery({ queryKey: ['reports', '/sales/offline-review'], queryFn: ({ signal }) => getOfflineReview(signal) });
}
