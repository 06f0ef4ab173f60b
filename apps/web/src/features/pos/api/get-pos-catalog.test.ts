import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { posProduct } from '@/test/product-fixtures';
import type { PosCatalog } from '@shop/contracts/pos';
import { keepCatalog, readKeptCatalog } from '@/lib/offline/catalog-cache';
import { tillDb } from '@/lib/offline/till-db';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { applyCatalog, catalogReach, fetchPosCatalog, isFirstView, posCatalogKey, posCatalogQueryOptions, restoreKeptCatalog, takeSoldStock } from './get-pos-catalog';

// The till's catalogue kept by version (docs/decisions/0016-offline-selling.md, "A big catalogue").
const product = posProduct;
const whole: PosCatalog = {
  version: 7,
  full: true,
  removed: [],
  today: '2026-11-23',
  categories: [{ id: 1, name: 'Coffee' }],
  modifier_groups: [],
  products: [product(2, 'Americano'), product(1, 'Latte'), product(3, 'Mocha')],
};
const delta = (changes: Partial<PosCatalog>): PosCatalog => ({ ...whole, version: 8, full: false, products: [], ...changes });
const names = (catalog: PosCatalog) => catalog.products.map((p) => p.name);

describe("the till's catalogue", () => {
  it('applies a delta: changed rows replaced in name order, removed ones gone, new ones placed by name', () => {
    const next = applyCatalog(whole, delta({ products: [product(1, 'Cafe Latte', { price: 2 }), product(4, 'Flat white')], removed: [3] }));
    expect(names(next)).toEqual(['Americano', 'Cafe Latte', 'Flat white']);
    expect(next).toMatchObject({ version: 8, full: true, removed: [] });
    expect(names(whole)).toEqual(['Americano', 'Latte', 'Mocha']);
    expect(applyCatalog(whole, { ...whole, version: 9, products: [product(5, 'Tea')] }).products.map((p) => p.id)).toEqual([5]);
  });

  it('loads the whole catalogue once and keeps it; then opens from this browser and asks only what changed since its version', async () => {
    const asked: { url: string; tag: string | null }[] = [];
    let answer: () => Response = () => jsonResponse(200, { data: whole });
    mockFetch((url, init) => {
      asked.push({ url, tag: new Headers(init.headers).get('If-None-Match') });
      return answer();
    });
    const first = new QueryClient();
    const loaded = await fetchPosCatalog(first);
    expect(names(loaded)).toEqual(['Americano', 'Latte', 'Mocha']);
    expect(asked).toEqual([{ url: '/api/pos/catalog', tag: null }]);
    await expect.poll(async () => (await readKeptCatalog())?.version).toBe(7);

    // A reload: the till opens from IndexedDB without waiting on the server.
    const reloaded = new QueryClient();
    const fromCache = await fetchPosCatalog(reloaded);
    expect(names(fromCache)).toEqual(['Americano', 'Latte', 'Mocha']);
    expect(asked).toHaveLength(1);
    reloaded.setQueryData(posCatalogKey, fromCache);

    // Nothing changed: a 304, and the very same catalogue.
    answer = () => new Response(null, { status: 304 });
    expect(await fetchPosCatalog(reloaded)).toBe(fromCache);
    expect(asked[1]).toEqual({ url: '/api/pos/catalog?since=7&today=2026-11-23', tag: '"2026-11-23.7"' });

    // A price changed: the delta is applied and only that row is written.
    answer = () => jsonResponse(200, { data: delta({ products: [product(1, 'Latte', { price: 3 })] }) });
    const next = await fetchPosCatalog(reloaded);
    expect(next.products.find((p) => p.id === 1)!.price).toBe(3);
    await expect.poll(async () => (await readKeptCatalog())?.products.find((p) => p.id === 1)?.price).toBe(3);
    expect((await readKeptCatalog())!.version).toBe(8);
  });

  it('keeps selling from what it holds when the server cannot be reached, and a sale takes its stock off at once, kept too', async () => {
    mockFetch(() => jsonResponse(200, { data: whole }));
    const client = new QueryClient();
    client.setQueryData(posCatalogKey, await fetchPosCatalog(client));
    await expect.poll(async () => (await readKeptCatalog())?.version).toBe(7);
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')) as never);
    takeSoldStock(client, [{ productId: 1, quantity: 3 }]);
    expect(client.getQueryData<PosCatalog>(posCatalogKey)!.products.find((p) => p.id === 1)!.stock).toBe(7);
    expect((await fetchPosCatalog(client)).products.find((p) => p.id === 1)!.stock).toBe(7);
    await expect.poll(async () => (await readKeptCatalog())?.products.find((p) => p.id === 1)?.stock).toBe(7);
  });

  it('opens a big kept catalogue with its first products, and asks what changed only from the whole one', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => product(i + 1, `Item ${String(i + 1).padStart(5, '0')}`));
    await keepCatalog({ ...whole, products: many }, 'all');
    const client = new QueryClient();
    await restoreKeptCatalog(client);
    const shown = client.getQueryData<PosCatalog>(posCatalogKey)!;
    expect(shown.products).toHaveLength(5_000);
    expect(isFirstView(shown)).toBe(true);
    // A sale paid at once (a cart kept across the reload) leaves a first view still.
    takeSoldStock(client, [{ productId: 1, quantity: 1 }]);
    expect(isFirstView(client.getQueryData<PosCatalog>(posCatalogKey))).toBe(true);

    // The server: one price changed since version 7.
    const asked: string[] = [];
    mockFetch((url) => {
      asked.push(url);
      return jsonResponse(200, { data: delta({ products: [product(11_000, 'Item 11000', { price: 6 })] }) });
    });
    const next = await fetchPosCatalog(client);
    expect(asked).toEqual(['/api/pos/catalog?since=7&today=2026-11-23']);
    expect(next.products).toHaveLength(12_000);
    expect(isFirstView(next)).toBe(false);
    expect(next.products.find((p) => p.id === 11_000)?.price).toBe(6);
  });

  describe('a big kept catalogue opened with the server out of reach', () => {
    const many = Array.from({ length: 12_000 }, (_, i) => product(i + 1, `Item ${String(i + 1).padStart(5, '0')}`));
    const unreachable = () => mockFetch(() => Promise.reject(new TypeError('Failed to fetch')) as never);
    /** The till's own query, as the page runs it (no retries, so it settles at once). */
    async function openTill() {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      await restoreKeptCatalog(client);
      const observer = new QueryObserver(client, posCatalogQueryOptions(client));
      const stop = observer.subscribe(() => undefined);
      return { observer, stop };
    }
    afterEach(() => onlineManager.setOnline(true));

    it('reads the rest of the kept catalogue with the browser offline, and is complete', async () => {
      await keepCatalog({ ...whole, products: many }, 'all');
      unreachable();
      onlineManager.setOnline(false);
      const { observer, stop } = await openTill();
      await vi.waitFor(() => expect(observer.getCurrentResult().data?.products).toHaveLength(12_000));
      expect(catalogReach(observer.getCurrentResult())).toEqual({ complete: true, firstOnly: false });
      stop();
    });

    it('says it holds only its first products when the rest cannot be read, and takes the whole from the server once it answers', async () => {
      await keepCatalog({ ...whole, products: many }, 'all');
      // The copy is damaged past its first products.
      await (await tillDb()).delete('catalog_chunks', 2);
      unreachable();
      const { observer, stop } = await openTill();
      await vi.waitFor(() => expect(catalogReach(observer.getCurrentResult())).toEqual({ complete: true, firstOnly: true }));
      expect(observer.getCurrentResult().data!.products).toHaveLength(5_000);

      // Back: the whole catalogue is asked for, not what changed since the first products.
      const asked: string[] = [];
      mockFetch((url) => {
        asked.push(url);
        return jsonResponse(200, { data: { ...whole, version: 9, products: many } });
      });
      await observer.refetch();
      expect(asked).toEqual(['/api/pos/catalog']);
      expect(observer.getCurrentResult().data!.products).toHaveLength(12_000);
      expect(catalogReach(observer.getCurrentResult())).toEqual({ complete: true, firstOnly: false });
      stop();
    });
  });
});
