import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { tillDb, type CatalogMeta } from './till-db';

/*
 * The till's catalogue in IndexedDB (docs/decisions/0016-offline-selling.md, "A big catalogue"):
 * a row per product and one meta row. A reload opens the till from here before the server is
 * asked anything; a delta writes only the rows it changed.
 */

const META = 'catalog';

/** The catalogue this browser keeps, in its order; null when it keeps none. */
export async function readKeptCatalog(): Promise<PosCatalog | null> {
  if (typeof indexedDB === 'undefined') return null;
  const db = await tillDb();
  const tx = db.transaction(['catalog', 'catalog_meta']);
  const [meta, rows] = await Promise.all([tx.objectStore('catalog_meta').get(META), tx.objectStore('catalog').getAll()]);
  if (!meta) return null;
  const byId = new Map<number, PosProduct>();
  for (const row of rows) byId.set(row.id, row);
  const products: PosProduct[] = [];
  for (const id of meta.order) {
    const product = byId.get(id);
    if (product) products.push(product);
  }
  return { version: meta.version, today: meta.today, categories: meta.categories, modifier_groups: meta.modifier_groups, full: true, removed: [], products };
}

/**
 * Keeps `catalog` (what the till now holds): every row when `changed` is 'all', else only the
 * rows changed and removed. The meta row (version, order) is written with them, in one transaction.
 */
export async function keepCatalog(catalog: PosCatalog, changed: readonly PosProduct[] | 'all', removed: readonly number[] = []): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await tillDb();
  const tx = db.transaction(['catalog', 'catalog_meta'], 'readwrite');
  const rows = tx.objectStore('catalog');
  const meta: CatalogMeta = {
    version: catalog.version,
    today: catalog.today,
    categories: catalog.categories,
    modifier_groups: catalog.modifier_groups,
    order: catalog.products.map((product) => product.id),
    saved_at: Date.now(),
  };
  const writes: Promise<unknown>[] = [];
  if (changed === 'all') {
    writes.push(rows.clear());
    for (const product of catalog.products) writes.push(rows.put(product));
  } else {
    for (const product of changed) writes.push(rows.put(product));
    for (const id of removed) writes.push(rows.delete(id));
  }
  writes.push(tx.objectStore('catalog_meta').put(meta, META));
  await Promise.all([...writes, tx.done]);
}

/** A few rows changed without a new version (the till's own sale took their stock). */
export async function keepCatalogRows(products: readonly PosProduct[]): Promise<void> {
  if (typeof indexedDB === 'undefined' || products.length === 0) return;
  const db = await tillDb();
  const tx = db.transaction('catalog', 'readwrite');
  await Promise.all([...products.map((product) => tx.store.put(product)), tx.done]);
}
