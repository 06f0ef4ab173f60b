import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListMeta } from '@shop/contracts/common';
import type { OpenOrder, OpenOrderAdd, OpenOrderInput, OpenOrderPay, OpenOrderVoid } from '@shop/contracts/open-order';
import type { Sale } from '@shop/contracts/sale';
import { apiRequest } from '@/lib/api-client';

/*
 * Open orders at the till (docs/decisions/0014-open-orders-and-the-kitchen.md): parked carts
 * every till lists, adds to, pays and voids. The list is asked for every few seconds, so an
 * order parked at the bar shows at the counter without anyone reloading.
 */

export const openOrderKeys = { all: ['open-orders'] as const };

type OrderAnswer = { data: OpenOrder; message: string };

export function useOpenOrders() {
  return useQuery({
    queryKey: openOrderKeys.all,
    queryFn: ({ signal }) => apiRequest<{ data: OpenOrder[]; meta: ListMeta }>('/open-orders?per_page=100', { signal }).then((body) => body.data),
    refetchInterval: 3_000,
    // Kept on the till for offline (lib/offline/persist.ts): never collected while the console is open.
    gcTime: Infinity,
  });
}

function useOrderWrite<V>(send: (variables: V) => Promise<OrderAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => void queryClient.invalidateQueries({ queryKey: openOrderKeys.all }) });
}

/** Placing and adding carry an Idempotency-Key: a retry never sends a round of drinks twice. */
export const usePlaceOrder = () =>
  useOrderWrite(({ body, idempotencyKey }: { body: OpenOrderInput; idempotencyKey: string }) =>
    apiRequest<OrderAnswer>('/open-orders', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  );

export const useAddToOrder = () =>
  useOrderWrite(({ id, body, idempotencyKey }: { id: number; body: OpenOrderAdd; idempotencyKey: string }) =>
    apiRequest<OrderAnswer>(`/open-orders/${id}/lines`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  );

export const useVoidOrder = () => useOrderWrite(({ id, body }: { id: number; body: OpenOrderVoid }) => apiRequest<OrderAnswer>(`/open-orders/${id}/void`, { method: 'POST', body }));

/** POST /open-orders/{id}/pay: one bill of the order, answered like a sale with the order as it is after. */
export function payOrder({ id, body, idempotencyKey }: { id: number; body: OpenOrderPay; idempotencyKey: string }): Promise<{ data: Sale; order: OpenOrder; message: string }> {
  return apiRequest(`/open-orders/${id}/pay`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** How an order is called out: its table, or its name. */
export function orderLabel(order: Pick<OpenOrder, 'table' | 'name'>, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (order.table && order.name) return t('Table {{table}} · {{name}}', { table: order.table, name: order.name });
  return order.table ? t('Table {{table}}', { table: order.table }) : (order.name ?? '');
}
