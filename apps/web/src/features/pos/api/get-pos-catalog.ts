import { queryOptions, useQuery, useQueryClient, type FetchStatus, type QueryClient } from '@tanstack/react-query';
import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { apiRequest, isUnreachable } from '@/lib/api-client';
import { keepCatalog, keepCatalogRows, mergeProducts, readKeptCatalog, takeKeptCatalogRead } from '@/lib/offline/catalog-cache';

/*
 * The till's catalogue (docs/decisions/0016-offline-selling.md, "A big catalogue"): loaded whole
 * once and kept in IndexedDB, then brought up to date by asking the server what changed since the
 * version held. An unchanged catalogue costs a 304 with no body.
 */

export const posCatalogKey = ['pos', 'catalog'] as const;

/** What the till holds after an answer: the whole catalogue, or what it held with the delta applied. */
export function applyCatalog(held: PosCatalog | undefined, answer: PosCatalog): PosCatalog {
  if (answer.full || !held) return answer;
  return { ...answer, full: true, removed: [], products: mergeProducts(held.products, answer.products, answer.removed) };
}

/** A catalogue with a version to ask from (a server before versions sent none). */
const held = (catalog: PosCatalog | null | undefined) => (catalog && typeof catalog.version === 'number' ? catalog : undefined);

/** Catalogues that are only the first products of the kept one, shown while the rest is read. */
const firstViews = new WeakSet<PosCatalog>();
/** The whole kept catalogue, while the till shows its first products; taken by the next fetch. */
let keptWhole: Promise<PosCatalog> | null = null;

/** The till shows only the first products of its kept catalogue: the rest is still being read. */
export const isFirstView = (catalog: PosCatalog | undefined) => catalog !== undefined && firstViews.has(catalog);

/** Asks the server for what changed since the catalogue held (the whole one when none is), and keeps the result. */
export async function fetchPosCatalog(client: QueryClient, signal?: AbortSignal): Promise<PosCatalog> {
  let base = held(client.getQueryData<PosCatalog>(posCatalogKey));
  // A first view is never a base for a delta: the whole kept catalogue is (if it can be read).
  const whole = keptWhole;
  if (whole || (base && firstViews.has(base))) base = held(await whole?.catch(() => null));
  if (!base) {
    const fromDisk = held(await readKeptCatalog().catch(() => null));
    if (fromDisk) {
      // Ready from this browser's copy at once; what changed is asked for right after.
      setTimeout(() => void client.invalidateQueries({ queryKey: posCatalogKey }), 0);
      return fromDisk;
    }
  }
  let answer: { data: PosCatalog } | undefined;
  try {
    answer = await apiRequest<{ data: PosCatalog } | undefined>('/pos/catalog', {
      signal,
      // With a catalogue to sell from, a lost connection is the till's Offline state, not a toast
      // every poll; with none, the till's "Failed to load products" says so.
      globalErrorHandling: base === undefined,
      ...(base ? { query: { since: base.version, today: base.today }, headers: { 'If-None-Match': `"${base.today}.${base.version}"` } } : {}),
    });
  } catch (error) {
    // Offline: the till keeps selling from what it holds.
    if (base && isUnreachable(error)) {
      if (keptWhole === whole) keptWhole = null;
      return base;
    }
    // The next fetch reads this browser's copy again before asking the server.
    if (keptWhole === whole) keptWhole = null;
    throw error;
  }
  // A sale may have taken stock while the server answered: apply the answer to what is held now
  // (unless that is still the first view).
  const now = held(client.getQueryData<PosCatalog>(posCatalogKey));
  if (now && !firstViews.has(now)) base = now;
  if (keptWhole === whole) keptWhole = null;
  if (!answer) return base!;
  const next = applyCatalog(base, answer.data);
  if (held(next)) void (answer.data.full || !base ? keepCatalog(next, 'all') : keepCatalog(next, answer.data.products, answer.data.removed)).catch(() => undefined);
  return next;
}

/**
 * The till opened (main.tsx): the catalogue this browser keeps goes into the cache before the
 * first render, so that render draws the products; it counts as stale, so what changed is asked
 * for as soon as the till is shown. A big one goes in as its first products (the first view),
 * and the whole follows with that first fetch.
 */
export async function restoreKeptCatalog(client: QueryClient): Promise<void> {
  const kept = await takeKeptCatalogRead().catch(() => null);
  if (!kept || !held(kept.first) || client.getQueryData(posCatalogKey)) return;
  // A big catalogue shows its first products now; the first fetch waits for the whole.
  if (kept.whole) {
    firstViews.add(kept.first);
    keptWhole = kept.whole;
    kept.whole.catch(() => undefined);
  }
  // As the query itself has it: each catalogue is kept as given, never compared deeply (a first
  // view is known by identity).
  client.setQueryDefaults(posCatalogKey, { structuralSharing: false });
  client.setQueryData(posCatalogKey, kept.first, { updatedAt: 0 });
}

/**
 * How much of its catalogue the till can search. `complete`: all it will have until the server
 * answers, so a code found nowhere is refused rather than kept waiting. `firstOnly`: the till holds
 * only the first products of its kept catalogue, the rest could not be read back (the copy was
 * rewritten or damaged) and the server cannot be reached; the till says so, and the whole
 * catalogue comes from the server when it answers.
 */
export function catalogReach(query: { data: PosCatalog | undefined; isPending: boolean; isError: boolean; fetchStatus: FetchStatus }) {
  const firstView = isFirstView(query.data);
  const firstOnly = firstView && query.isError && query.fetchStatus === 'idle';
  return { complete: !query.isPending && (!firstView || firstOnly), firstOnly };
}

export const posCatalogQueryOptions = (client: QueryClient) =>
  queryOptions({
    queryKey: posCatalogKey,
    queryFn: ({ signal }) => fetchPosCatalog(client, signal),
    // A delta is a few rows, and nothing at all while nothing changed: asked often, and when the till comes back into view.
    staleTime: 10_000,
    refetchInterval: 20_000,
    refetchOnWindowFocus: true,
    // Run with the browser offline too: the fetch serves what the till holds (the whole kept
    // catalogue, read back after the first products) when the server cannot be reached.
    networkMode: 'always',
    // Tens of thousands of rows: each answer is applied by hand, never compared deeply.
    structuralSharing: false,
    // Kept in memory off the till too: coming back is instant, and the next fetch is a delta.
    gcTime: Infinity,
  });

export function usePosCatalog() {
  const client = useQueryClient();
  return useQuery(posCatalogQueryOptions(client));
}

/** After a sale: the sold units leave the shelf at once, then what changed is fetched. */
export function takeSoldStock(queryClient: QueryClient, sold: { productId: number; quantity: number }[]) {
  const taken = new Map<number, number>();
  for (const line of sold) taken.set(line.productId, (taken.get(line.productId) ?? 0) + line.quantity);
  const changed: PosProduct[] = [];
  queryClient.setQueryData<PosCatalog>(posCatalogKey, (catalog) => {
    if (!catalog) return catalog;
    const next: PosCatalog = {
      ...catalog,
      products: catalog.products.map((product) => {
        if (!product.track_stock || !taken.has(product.id)) return product;
        const sold = { ...product, stock: product.stock - (taken.get(product.id) ?? 0) };
        changed.push(sold);
        return sold;
      }),
    };
    // Still only the first products: so is what the sale leaves.
    if (firstViews.has(catalog)) firstViews.add(next);
    return next;
  });
  // Kept too: a sale made offline keeps its stock off after a reload, until the server has it.
  if (held(queryClient.getQueryData<PosCatalog>(posCatalogKey))) void keepCatalogRows(changed).catch(() => undefined);
  void queryClient.invalidateQueries({ queryKey: posCatalogKey });
}
