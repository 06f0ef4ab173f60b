import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KitchenTicket } from '@shop/contracts/open-order';
import { apiRequest } from '@/lib/api-client';

/** The board asks again this often, so a new ticket shows within a few seconds (docs/decisions/0014). */
export const KITCHEN_POLL_MS = 3_000;

export type TicketStatus = 'open' | 'done';

export const kitchenKeys = {
  all: ['kitchen'] as const,
  tickets: (station: string, status: TicketStatus) => ['kitchen', 'tickets', station, status] as const,
};

/** GET /kitchen/tickets: a station's open tickets, oldest first, or its latest done ones, newest first. */
export function getKitchenTickets(station: string, status: TicketStatus, signal?: AbortSignal): Promise<KitchenTicket[]> {
  return apiRequest<{ data: KitchenTicket[] }>('/kitchen/tickets', { query: { station, status }, signal }).then((body) => body.data);
}

export function kitchenTicketsQueryOptions(station: string, status: TicketStatus) {
  return queryOptions({
    queryKey: kitchenKeys.tickets(station, status),
    queryFn: ({ signal }) => getKitchenTickets(station, status, signal),
    staleTime: 0,
    refetchInterval: KITCHEN_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

export function useKitchenTickets(station: string, status: TicketStatus, options: { enabled?: boolean } = {}) {
  return useQuery({ ...kitchenTicketsQueryOptions(station, status), enabled: options.enabled ?? true });
}
