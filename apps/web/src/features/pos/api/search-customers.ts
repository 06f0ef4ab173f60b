import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Customer } from '@shop/contracts/customer';
import { apiRequest } from '@/lib/api-client';
import type { Paginated } from '@/lib/list';
import { useOnline } from '@/lib/offline/connection';

/*
 * Customers for the till's picker: the first few matches of what the cashier types. Two lists are
 * kept on the till (lib/offline/persist.ts; docs/decisions/0016-offline-selling.md): the picker's
 * first page (what it shows before anything is typed) and the customers this till picked lately.
 * With no server, the picker offers those, matched here against what is typed.
 */

const PER_PAGE = 8;
/** How many customers picked at this till are kept. */
const RECENT = 20;

export const posCustomerKeys = {
  /** The picker's first page: what it lists before anything is typed. */
  first: ['customers', 'pos-search', ''] as const,
  search: (q: string) => ['customers', 'pos-search', q] as const,
  /** The customers picked at this till lately, newest first (kept on the till only, never asked of the server). */
  recent: ['pos', 'recent-customers'] as const,
};

/** Remembers a customer picked for a sale, newest first. */
export function rememberCustomer(client: QueryClient, customer: Customer): void {
  client.setQueryData<Customer[]>(posCustomerKeys.recent, (list = []) => [customer, ...list.filter((kept) => kept.id !== customer.id)].slice(0, RECENT));
}

/** The kept customers matching `q` (name, phone, email or company), the recent ones first. */
export function keptCustomers(client: QueryClient, q: string): Customer[] {
  const recent = client.getQueryData<Customer[]>(posCustomerKeys.recent) ?? [];
  const first = client.getQueryData<Paginated<Customer>>(posCustomerKeys.first)?.data ?? [];
  const seen = new Set<number>();
  const needle = q.trim().toLowerCase();
  return [...recent, ...first]
    .filter((customer) => {
      if (seen.has(customer.id)) return false;
      seen.add(customer.id);
      return !needle || [customer.name, customer.phone, customer.email, customer.company].some((text) => text?.toLowerCase().includes(needle));
    })
    .slice(0, PER_PAGE);
}

/**
 * The picker's options for `q`: the server's matches, or with no server the kept customers that
 * match (`kept: true`).
 */
export function useCustomerSearch(q: string): { customers: Customer[]; loading: boolean; kept: boolean } {
  const client = useQueryClient();
  const online = useOnline();
  const read = (text: string) => ({
    queryKey: posCustomerKeys.search(text),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<Paginated<Customer>>('/customers', { query: { q: text || undefined, per_page: PER_PAGE }, signal }),
    staleTime: 30_000,
    enabled: online,
  });
  const search = useQuery({ ...read(q), placeholderData: keepPreviousData });
  // The kept lists stay in memory while the console is open (never collected), so each save keeps them.
  useQuery({ ...read(''), gcTime: Infinity });
  useQuery({ queryKey: posCustomerKeys.recent, queryFn: () => client.getQueryData<Customer[]>(posCustomerKeys.recent) ?? [], staleTime: Infinity, gcTime: Infinity });
  if (!online || (search.isError && !search.isFetching)) return { customers: keptCustomers(client, q), loading: false, kept: true };
  return { customers: search.data?.data ?? [], loading: search.isFetching, kept: false };
}
