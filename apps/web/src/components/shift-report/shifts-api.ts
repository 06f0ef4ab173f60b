import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListMeta } from '@shop/contracts/common';
import { IDEMPOTENCY_KEY_HEADER } from '@shop/contracts/http';
import type { Movement, MovementInput, Shift, ShiftCloseInput, ShiftOpenInput, ShiftReport, ShiftStatus } from '@shop/contracts/shift';
import type { Till } from '@shop/contracts/till';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { tillKeys } from '@/lib/till';

export { tillKeys };

/*
 * Tills and shifts over the API (docs/decisions/0012-tills-shifts-and-the-journal.md): the till's
 * shift bar and the Shifts screen share these keys and hooks, so a shift opened, moved or closed
 * in one shows in the other.
 */

export type ShiftListParams = {
  till_id?: number;
  status?: ShiftStatus;
  from?: string;
  to?: string;
  page: number;
  per_page: number;
};

export type ShiftList = { data: Shift[]; meta: ListMeta };


export const shiftKeys = {
  all: ['shifts'] as const,
  lists: ['shifts', 'list'] as const,
  list: (params: ShiftListParams) => ['shifts', 'list', params] as const,
  current: (tillId: number) => ['shifts', 'current', tillId] as const,
  report: (shiftId: number) => ['shifts', 'report', shiftId] as const,
};

export function getTills(signal?: AbortSignal): Promise<Till[]> {
  return apiRequest<{ data: Till[] }>('/tills', { signal }).then((answer) => answer.data);
}

/** Every till, active or not, each with the shift open at it (GET /tills). */
export function useTills(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: tillKeys.all, queryFn: ({ signal }) => getTills(signal), enabled: options.enabled ?? true });
}

export function getShifts(params: ShiftListParams, signal?: AbortSignal): Promise<ShiftList> {
  return apiRequest<ShiftList>('/shifts', { query: params, signal });
}

/** A page of shifts (Staff get only the shifts they opened). */
export function useShifts(params: ShiftListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: shiftKeys.list(params),
    queryFn: ({ signal }) => getShifts(params, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function getCurrentShift(tillId: number, signal?: AbortSignal): Promise<Shift | null> {
  return apiRequest<{ data: Shift | null }>('/shifts/current', { query: { till_id: tillId }, signal }).then((answer) => answer.data);
}

/** The shift open at a till now, or null; asked again whenever the window gets focus, and each minute (closed elsewhere). */
export function useCurrentShift(tillId: number | null) {
  return useQuery({
    queryKey: shiftKeys.current(tillId ?? 0),
    queryFn: ({ signal }) => getCurrentShift(tillId ?? 0, signal),
    enabled: tillId !== null,
    refetchOnWindowFocus: 'always',
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}

export function getShiftReport(shiftId: number, signal?: AbortSignal): Promise<ShiftReport> {
  return apiRequest<{ data: ShiftReport }>(`/shifts/${shiftId}/report`, { signal }).then((answer) => answer.data);
}

/** The X-report of an open shift (its figures so far, taken afresh each time) or the Z-report of a closed one. */
export function useShiftReport(shiftId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: shiftKeys.report(shiftId ?? 0),
    queryFn: ({ signal }) => getShiftReport(shiftId ?? 0, signal),
    enabled: shiftId !== null && (options.enabled ?? true),
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** Saves the report as a CSV file (GET /shifts/{id}/report.csv, with the session's token). */
export function downloadShiftReportCsv(report: Pick<ShiftReport, 'kind' | 'shift'>): Promise<void> {
  const name = report.shift.z_code ?? `X-report-shift-${report.shift.id}`;
  return apiDownload(`/shifts/${report.shift.id}/report.csv`, `${name}.csv`);
}

/** After a shift changed: its till's bar, the tills (their open shift), the lists and its report. */
function refreshShift(queryClient: QueryClient, shift: Pick<Shift, 'id' | 'till'>) {
  void queryClient.invalidateQueries({ queryKey: shiftKeys.current(shift.till.id) });
  void queryClient.invalidateQueries({ queryKey: shiftKeys.lists });
  void queryClient.invalidateQueries({ queryKey: shiftKeys.report(shift.id) });
  void queryClient.invalidateQueries({ queryKey: tillKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
}

/** POST /shifts: opens a shift at a till with its counted float. A 409 means the till already has one. */
export function useOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShiftOpenInput) => apiRequest<{ data: Shift; message: string }>('/shifts', { method: 'POST', body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData(shiftKeys.current(answer.data.till.id), answer.data);
      refreshShift(queryClient, answer.data);
    },
    onError: (_error, input) => {
      // Someone else opened it meanwhile: show theirs.
      void queryClient.invalidateQueries({ queryKey: shiftKeys.current(Number(input.till_id)) });
    },
  });
}

/**
 * POST /shifts/{id}/movements: pay in, pay out, or the drawer opened without a sale. The same
 * attempt sent again (its answer lost) goes with the same Idempotency-Key and is recorded once.
 */
export function useRecordMovement(shift: Pick<Shift, 'id' | 'till'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: MovementInput; idempotencyKey: string }) =>
      apiRequest<{ data: Movement; message: string }>(`/shifts/${shift.id}/movements`, {
        method: 'POST',
        body: input,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    onSuccess: () => refreshShift(queryClient, shift),
  });
}

/**
 * POST /shifts/{id}/close with the count per currency: answers the Z-report. A count off by more
 * than the shop allows is a 409 `difference_needs_approval` (see `differenceNeedsApproval`).
 */
export function useCloseShift(shift: Pick<Shift, 'id' | 'till'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShiftCloseInput) =>
      apiRequest<{ data: ShiftReport; message: string }>(`/shifts/${shift.id}/close`, { method: 'POST', body: input }),
    onSuccess: (answer) => {
      queryClient.setQueryData(shiftKeys.current(shift.till.id), null);
      queryClient.setQueryData(shiftKeys.report(shift.id), answer.data);
      refreshShift(queryClient, shift);
    },
  });
}
