import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { KitchenTicket } from '@shop/contracts/open-order';
import { apiRequest } from '@/lib/api-client';
import { kitchenKeys } from './get-kitchen-tickets';

/** POST /kitchen/tickets/{id}/done: one item (`itemId`), or the whole ticket when left out. */
export async function markTicketDone({ ticket, itemId }: { ticket: KitchenTicket; itemId?: number }): Promise<KitchenTicket> {
  const body = itemId === undefined ? {} : { item_id: itemId };
  return (await apiRequest<{ data: KitchenTicket }>(`/kitchen/tickets/${ticket.id}/done`, { method: 'POST', body })).data;
}

/** POST /kitchen/tickets/{id}/recall: a done ticket back on the board, every item to make again. */
export async function recallTicket({ ticket }: { ticket: KitchenTicket }): Promise<KitchenTicket> {
  return (await apiRequest<{ data: KitchenTicket }>(`/kitchen/tickets/${ticket.id}/recall`, { method: 'POST' })).data;
}

type Boards = [readonly unknown[], KitchenTicket[] | undefined][];

/**
 * The change shows at once on the station's boards; a refused call puts them back (the caller
 * says why), and both boards are read again from the server either way.
 */
function useTicketMutation<Variables extends { ticket: KitchenTicket }>(call: (variables: Variables) => Promise<KitchenTicket>, change: (board: KitchenTicket[], variables: Variables, status: 'open' | 'done') => KitchenTicket[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey: kitchenKeys.all });
      const boards = boardsOf(queryClient, variables.ticket.station);
      for (const status of ['open', 'done'] as const) {
        queryClient.setQueryData<KitchenTicket[]>(kitchenKeys.tickets(variables.ticket.station, status), (board) => (board ? change(board, variables, status) : board));
      }
      return { boards };
    },
    onError: (_error, _variables, context) => {
      for (const [key, board] of context?.boards ?? []) queryClient.setQueryData(key, board);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: kitchenKeys.all }),
  });
}

function boardsOf(queryClient: QueryClient, station: string): Boards {
  return (['open', 'done'] as const).map((status) => {
    const key = kitchenKeys.tickets(station, status);
    return [key, queryClient.getQueryData<KitchenTicket[]>(key)];
  });
}

const withItemDone = (ticket: KitchenTicket, itemId: number | undefined): KitchenTicket => ({
  ...ticket,
  items: ticket.items.map((item) => (itemId === undefined || item.id === itemId ? { ...item, done: true } : item)),
});

/** Marks an item made (struck through), or bumps the whole ticket off the board; the last item made bumps it too. */
export function useMarkDone() {
  return useTicketMutation(markTicketDone, (board, { ticket, itemId }, status) => {
    const changed = withItemDone(ticket, itemId);
    const finished = changed.items.every((item) => item.done);
    if (status === 'open') return finished ? board.filter((one) => one.id !== ticket.id) : board.map((one) => (one.id === ticket.id ? withItemDone(one, itemId) : one));
    return finished ? [{ ...changed, done_at: new Date().toISOString() }, ...board.filter((one) => one.id !== ticket.id)] : board;
  });
}

/** Puts a done ticket back on the board, in its place by age. */
export function useRecallTicket() {
  return useTicketMutation(recallTicket, (board, { ticket }, status) => {
    if (status === 'done') return board.filter((one) => one.id !== ticket.id);
    const back: KitchenTicket = { ...ticket, done_at: null, items: ticket.items.map((item) => ({ ...item, done: false })) };
    return [...board.filter((one) => one.id !== ticket.id), back].sort((a, b) => a.id - b.id);
  });
}
