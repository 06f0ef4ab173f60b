import { describe, expect, it } from 'vitest';
import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { keepCatalog, keepCatalogRows, mergeProducts, readKeptCatalog, readKeptCatalogInSteps, startReadingKeptCatalog, takeKeptCatalogRead } from './catalog-cache';
import { KEPT_QUERIES, readCache, startReadingCache, tillDb } from './till-db';

// The till's kept catalogue (docs/decisions/0016-offline-selling.md, "A big catalogue").
const product = (id: number, extra: Partial<PosProduct> = {}): PosProduct => ({
  id,
  name: `Product ${String(id).padStart(5, '0')}`,
  sku: `SKU-${id}`,
  barcode: id % 2 ? `885${id}` : null,
  price: id / 100,
  category_id: 1 + (id % 3),
  image: id === 7 ? '/images/7.png' : null,
  track_stock: id % 5 !== 0,
  stock: id % 11,
  expired: id === 9 ? 2 : 0,
  discount_percent: id === 8 ? 12.5 : 0,
  promotion: id === 8 ? 'Monday' : null,
  modifier_group_ids: id === 4 ? [3, 1] : [],
  ...extra,
});
const catalogOf = (products: PosProduct[], version = 5): PosCatalog => ({
  version,
  full: true,
  removed: [],
  today: '2026-11-26',
  categories: [{ id: 1, name: 'Coffee' }],
  modifier_groups: [],
  products,
});

describe("the till's kept catalogue", () => {
  it('reads back 12,000 products exactly as kept, in their order, from a few chunks', async () => {
    const products = Array.from({ length: 12_000 }, (_, i) => product(i + 1));
    await keepCatalog(catalogOf(products), 'all');
    const kept = await readKeptCatalog();
    expect(kept?.version).toBe(5);
    expect(kept?.products).toEqual(products);
    expect(await (await tillDb()).count('catalog_chunks')).toBe(3);
  });

  it('lays changed and removed rows over the snapshot, by name; many changes write the snapshot again', async () => {
    const products = Array.from({ length: 30 }, (_, i) => product(i + 1));
    await keepCatalog(catalogOf(products), 'all');
    // A delta: one renamed (moves in name order), one removed, one new.
    const renamed = product(3, { name: 'Product 99999', price: 9 });
    const added = product(31, { name: 'Product 00000' });
    const next = catalogOf(mergeProducts(products, [renamed, added], [5]), 6);
    await keepCatalog(next, [renamed, added], [5]);
    // The till's own sale took stock.
    await keepCatalogRows([{ ...next.products[1]!, stock: 0 }]);
    const kept = await readKeptCatalog();
    expect(kept?.version).toBe(6);
    expect(kept?.products.map((p) => p.id)).toEqual([31, 1, 2, 4, ...Array.from({ length: 25 }, (_, i) => i + 6), 3]);
    expect(kept?.products[1]?.stock).toBe(0);
    expect(await (await tillDb()).count('catalog_changes')).toBe(4);

    // 2,500 changed rows: written whole again, nothing left apart.
    const many = Array.from({ length: 2_500 }, (_, i) => product(100 + i));
    const bigger = catalogOf(mergeProducts(kept!.products, many), 7);
    await keepCatalog(bigger, many);
    expect(await (await tillDb()).count('catalog_changes')).toBe(0);
    expect((await readKeptCatalog())?.products).toEqual(bigger.products);
  });

  it('reads a big catalogue in two steps: its first 5,000 products by name, with their changes, then the whole', async () => {
    const products = Array.from({ length: 12_000 }, (_, i) => product(i + 1));
    await keepCatalog(catalogOf(products), 'all');
    // Changed since: a price in the first chunk, a product renamed to the very end, a new one among the first.
    const repriced = product(10, { price: 4.5 });
    const moved = product(20, { name: 'Product 99999' });
    const added = product(12_001, { name: 'Product 00000' });
    const next = catalogOf(mergeProducts(products, [repriced, moved, added]), 6);
    await keepCatalog(next, [repriced, moved, added]);

    const read = await readKeptCatalogInSteps();
    // The first view: the first chunk's rows with the changes that sort among them.
    expect(read?.first.version).toBe(6);
    expect(read?.first.products).toHaveLength(5_000);
    expect(read?.first.products[0]?.id).toBe(12_001);
    expect(read?.first.products.find((p) => p.id === 10)?.price).toBe(4.5);
    expect(read?.first.products.some((p) => p.id === 20)).toBe(false);
    // Then the whole, exactly as kept.
    expect((await read?.whole)?.products).toEqual(next.products);
  });

  it('reads a catalogue of one chunk in one step', async () => {
    const products = Array.from({ length: 40 }, (_, i) => product(i + 1));
    await keepCatalog(catalogOf(products), 'all');
    const read = await readKeptCatalogInSteps();
    expect(read?.whole).toBeNull();
    expect(read?.first.products).toEqual(products);
  });

  it('keeps nothing to read until a whole catalogue was kept', async () => {
    expect(await readKeptCatalog()).toBeNull();
  });

  // The reads the console starts before its code runs (app/early-reads.ts) are taken once, by the
  // first restore; any later read is a fresh one and sees what was kept since.
  it('hands a read started early to the first taker only', async () => {
    await keepCatalog(catalogOf([product(1), product(2)]), 'all');
    startReadingKeptCatalog();
    await keepCatalog(catalogOf([product(3)], 6), 'all');
    expect((await takeKeptCatalogRead())?.first.products.map((kept) => kept.id)).toEqual([1, 2]);
    expect((await takeKeptCatalogRead())?.first.products.map((kept) => kept.id)).toEqual([3]);
  });

  it("hands the kept screens' data read early to the first reader only", async () => {
    await (await tillDb()).put('cache', 'before', KEPT_QUERIES);
    startReadingCache(KEPT_QUERIES);
    // Written after the early read began: a later reader sees it, the first gets what was read.
    await (await tillDb()).put('cache', 'after', KEPT_QUERIES);
    expect(await readCache(KEPT_QUERIES)).toBe('before');
    expect(await readCache(KEPT_QUERIES)).toBe('after');
  });
});
