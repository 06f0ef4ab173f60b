import { dehydrate, hydrate, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { KEPT_QUERIES, readCache, tillDb } from './till-db';

/*
 * What the till sells from, kept in IndexedDB so a reload with no server still opens a working
 * till (docs/decisions/0016-offline-selling.md): the settings (tax, riel rates, payment methods, KHQR
 * account), the tills and this till's shift, the customer picker's first page and the customers
 * picked lately, and the open orders (shown, not changed, offline). TanStack Query's own dehydrate and hydrate carry them;
 * everything else is asked of the server as usual. The catalogue keeps itself, a row per product
 * (lib/offline/catalog-cache.ts): one JSON string of tens of thousands of products is too slow.
 * Nothing about who is signed in is kept here: the session is (in local storage), and a copy here
 * would name the last user, not the current one.
 */

const KEPT: QueryKey[] = [['settings'], ['tills'], ['shifts', 'current'], ['customers', 'pos-search', ''], ['pos', 'recent-customers'], ['open-orders']];
/** As long as a sale may wait in the outbox. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The first screen never waits longer than this for the kept data. */
const RESTORE_WAIT_MS = 2_000;
/** Saved at most this often while queries change. */
const SAVE_EVERY_MS = 2_000;
/** Bumped when what is kept changes shape: older copies are then ignored. */
const VERSION = 2;

type Kept = { version: number; saved_at: number; state: DehydratedState };

const kept = (key: QueryKey) => KEPT.some((prefix) => prefix.every((part, index) => key[index] === part));

async function restore(client: QueryClient): Promise<void> {
  const raw = await readCache(KEPT_QUERIES);
  if (!raw) return;
  const saved = JSON.parse(raw) as Kept;
  if (saved.version !== VERSION || Date.now() - saved.saved_at > MAX_AGE_MS) return;
  // Only what is kept now (an older copy also held the catalogue and who was signed in).
  hydrate(client, { ...saved.state, queries: saved.state.queries.filter((query) => kept(query.queryKey)) });
  // Kept data draws the first screen, never stands for the server's: each is asked for again when used.
  await client.invalidateQueries({ predicate: (query) => kept(query.queryKey), refetchType: 'none' });
}

async function save(client: QueryClient): Promise<void> {
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' && kept(query.queryKey) });
  const value: Kept = { version: VERSION, saved_at: Date.now(), state };
  await (await tillDb()).put('cache', JSON.stringify(value), KEPT_QUERIES);
}

/** Restores the kept queries into `client` and saves them as they change; resolves when restored (or after a short wait). */
export function persistTillCache(client: QueryClient): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  const restored = restore(client).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Leaving the page saves at once: a change made just before a reload is not lost to the wait.
  window.addEventListener('pagehide', () => void save(client).catch(() => undefined));
  // What each kept query held when last saved: a poll that brought the same data (the open orders,
  // every few seconds) is not written again (leaving the page writes when it was last read).
  const seen = new Map<string, unknown>();
  void restored.then(() =>
    client.getQueryCache().subscribe((event) => {
      if (!kept(event.query.queryKey)) return;
      const data = event.query.state.data;
      if (seen.get(event.query.queryHash) === data) return;
      seen.set(event.query.queryHash, data);
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        void save(client).catch(() => undefined);
      }, SAVE_EVERY_MS);
    }),
  );
  return Promise.race([restored, new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]);
}
