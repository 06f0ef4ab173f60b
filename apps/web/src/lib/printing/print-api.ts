import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListMeta } from '@shop/contracts/common';
import type { LabelPrintInput, PrintJob, PrintJobReport, SalePrintInput } from '@shop/contracts/print-job';
import { apiRequest } from '@/lib/api-client';

/*
 * Print jobs over the API (docs/decisions/0015-printing.md): what the server sent to network
 * printers and what tills printed themselves, the till's retry list, and the calls that print.
 */

export type JobAnswer = { data: PrintJob; message: string };

export const printJobKeys = {
  all: ['print-jobs'] as const,
  failed: (tillId: number | null) => ['print-jobs', 'failed', tillId] as const,
  ofSale: (saleId: number) => ['print-jobs', 'sale', saleId] as const,
};

/** How often a till looks for jobs that failed (a printer out of paper shows within this). */
export const RETRY_LIST_POLL_MS = 10_000;

/** The till's retry list: its failed jobs, newest first. */
export function useFailedPrintJobs(tillId: number | null) {
  return useQuery({
    queryKey: printJobKeys.failed(tillId),
    queryFn: ({ signal }) =>
      apiRequest<{ data: PrintJob[]; meta: ListMeta }>('/print-jobs', { signal, query: { status: 'failed', till_id: tillId ?? undefined, per_page: 50 }, globalErrorHandling: false }).then((answer) => answer.data),
    enabled: tillId !== null,
    refetchInterval: RETRY_LIST_POLL_MS,
  });
}

/** A sale's jobs, asked again while one is still pending (its receipt prints after the sale is answered). */
export function useSalePrintJobs(saleId: number | null) {
  return useQuery({
    queryKey: printJobKeys.ofSale(saleId ?? 0),
    queryFn: ({ signal }) =>
      apiRequest<{ data: PrintJob[]; meta: ListMeta }>('/print-jobs', { signal, query: { sale_id: saleId ?? undefined, per_page: 20 }, globalErrorHandling: false }).then((answer) => answer.data),
    enabled: saleId !== null,
    refetchInterval: (query) => ((query.state.data ?? []).some((job) => job.status === 'pending') || query.state.data?.length === 0 ? 1000 : false),
  });
}

function useRefreshJobs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: printJobKeys.all });
}

export function useRetryPrintJob() {
  const refresh = useRefreshJobs();
  return useMutation({ mutationFn: (id: number) => apiRequest<JobAnswer>(`/print-jobs/${id}/retry`, { method: 'POST' }), onSettled: refresh });
}

export function usePrintSale() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: ({ saleId, ...body }: SalePrintInput & { saleId: number }) => apiRequest<JobAnswer>(`/sales/${saleId}/print`, { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function usePrintTestPage() {
  const refresh = useRefreshJobs();
  return useMutation({ mutationFn: (printerId: string) => apiRequest<JobAnswer>(`/printers/${encodeURIComponent(printerId)}/test`, { method: 'POST' }), onSettled: refresh });
}

export function usePrintLabels() {
  const refresh = useRefreshJobs();
  return useMutation({ mutationFn: (input: LabelPrintInput) => apiRequest<JobAnswer>('/labels/print', { method: 'POST', body: input }), onSettled: refresh });
}

/** Records what this till printed on its own printer. */
export function reportPrintJob(report: PrintJobReport): Promise<{ data: PrintJob }> {
  return apiRequest<{ data: PrintJob }>('/print-jobs', { method: 'POST', body: report, globalErrorHandling: false });
}
