import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListMeta } from '@shop/contracts/common';
import { apiRequest } from '@/lib/api-client';

export type ReportParams = Record<string, string | number | undefined>;
export type ReportPage<Row, Totals> = { data: Row[]; meta: ListMeta & { totals: Totals } };

/** One report's page from its endpoint (filters applied by the server, totals over the whole set). */
export function getReportPage<Row, Totals>(path: string, params: ReportParams, signal?: AbortSignal) {
  return apiRequest<ReportPage<Row, Totals>>(path, { query: params, signal });
}

export function useReportPage<Row, Totals>(path: string, params: ReportParams) {
  return useQuery({
    queryKey: ['reports', path, params],
    queryFn: ({ signal }) => getReportPage<Row, Totals>(path, params, signal),
    placeholderData: keepPreviousData,
  });
}
