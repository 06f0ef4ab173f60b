import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { tillDb, type CatalogChunk, type CatalogMeta } from './till-db';

/*
 * The till's catalogue in IndexedDB (docs/decisions/0016-offline-selling.md, "A big catalogue").
 * Read back on every reload before the server is asked anything, so it must come back fast with
 * tens of thousands of products:
 * - a snapshot in chunks of 5,000 products, each stored by column (numbers in typed arrays, texts
 *   as one JSON string per chunk): the browser copies a handful of flat values out of the
 *   database instead of building 50,000 objects field by field, which took seconds on a tablet;
 * - the rows changed since the snapshot (a delta, the till's own sales), a row each, laid over it
 *   on reading; when they grow past a few thousand the snapshot is written again.
 */

const META = 'catalog';
const CHUNK = 5_000;
/** Changed rows kept apart from the snapshot before it is written again. */
const REWRITE_AFTER = 2_000;

/** Name order, as the server sends it; id breaks ties. */
const byName = (a: PosProduct, b: PosProduct) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);

/**
 * `products` (in name order) with `changed` in place of their old rows (placed by their name now)
 * and `removed` left out. A new array; one pass however many changed.
 */
export function mergeProducts(products: readonly PosProduct[], changed: readonly PosProduct[], removed: readonly number[] = []): PosProduct[] {
  if (changed.length === 0 && removed.length === 0) return products.slice();
  const gone = new Set(removed);
  for (const product of changed) gone.add(product.id);
  const incoming = [...changed].sort(byName);
  const merged: PosProduct[] = [];
  let next = 0;
  for (const product of products) {
    if (gone.has(product.id)) continue;
    while (next < incoming.length && byName(incoming[next]!, product) < 0) merged.push(incoming[next++]!);
    merged.push(product);
  }
  while (next < incoming.length) merged.push(incoming[next++]!);
  return merged;
}

function toChunk(index: number, products: readonly PosProduct[]): CatalogChunk {
  const count = products.length;
  const chunk: CatalogChunk = {
    index,
    ids: new Int32Array(count),
    category_ids: new Int32Array(count),
    prices: new Float64Array(count),
    stocks: new Float64Array(count),
    expired: new Float64Array(count),
    discounts: new Float64Array(count),
    track_stock: new Uint8Array(count),
    texts: '',
  };
  const names: string[] = [];
  const skus: string[] = [];
  const barcodes: (string | null)[] = [];
  const images: (string | null)[] = [];
  const promotions: (string | null)[] = [];
  const groups: [number, number[]][] = [];
  products.forEach((product, i) => {
    chunk.ids[i] = product.id;
    chunk.category_ids[i] = product.category_id;
    chunk.prices[i] = product.price;
    chunk.stocks[i] = product.stock;
    chunk.expired[i] = product.expired;
    chunk.discounts[i] = product.discount_percent;
    chunk.track_stock[i] = product.track_stock ? 1 : 0;
    names.push(product.name);
    skus.push(product.sku);
    barcodes.push(product.barcode);
    images.push(product.image);
    promotions.push(product.promotion);
    if (product.modifier_group_ids.length > 0) groups.push([i, product.modifier_group_ids]);
  });
  chunk.texts = JSON.stringify({ names, skus, barcodes, images, promotions, groups });
  return chunk;
}

const NO_GROUPS: number[] = [];

function fromChunk(chunk: CatalogChunk, into: PosProduct[]): void {
  const { names, skus, barcodes, images, promotions, groups } = JSON.parse(chunk.texts) as {
    names: string[];
    skus: string[];
    barcodes: (string | null)[];
    images: (string | null)[];
    promotions: (string | null)[];
    groups: [number, number[]][];
  };
  const start = into.length;
  for (let i = 0; i < chunk.ids.length; i += 1) {
    into.push({
      id: chunk.ids[i]!,
      name: names[i]!,
      sku: skus[i]!,
      barcode: barcodes[i] ?? null,
      price: chunk.prices[i]!,
      category_id: chunk.category_ids[i]!,
      image: images[i] ?? null,
      track_stock: chunk.track_stock[i] === 1,
      stock: chunk.stocks[i]!,
      expired: chunk.expired[i]!,
      discount_percent: chunk.discounts[i]!,
      promotion: promotions[i] ?? null,
      modifier_group_ids: NO_GROUPS,
    });
  }
  for (const [i, ids] of groups) into[start + i]!.modifier_group_ids = ids;
}

/** The kept catalogue in two steps: the products of its first chunk, then (when there is more) the whole. */
export type KeptCatalogRead = { first: PosCatalog; whole: Promise<PosCatalog> | null };

/** Lets the browser handle a tap or draw a frame between two chunks. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The catalogue this browser keeps, in its order, in two steps; null when it keeps none. The first
 * chunk (the first 5,000 products by name, with the rows changed since laid over them) comes at
 * once, so the till draws its first cards; the other chunks are read one by one, giving the page
 * its turn between them, and `whole` brings them all.
 */
export async function readKeptCatalogInSteps(): Promise<KeptCatalogRead | null> {
  if (typeof indexedDB === 'undefined') return null;
  // How long the whole read takes, for DevTools and `npm run bench`.
  const started = performance.now();
  const db = await tillDb();
  const tx = db.transaction(['catalog_meta', 'catalog_chunks', 'catalog_changes']);
  const [meta, head, changes] = await Promise.all([tx.objectStore('catalog_meta').get(META), tx.objectStore('catalog_chunks').get(0), tx.objectStore('catalog_changes').getAll()]);
  if (!meta || (meta.chunks > 0 && !head)) return null;
  const changed: PosProduct[] = [];
  const removed: number[] = [];
  for (const change of changes) {
    if ('removed' in change) removed.push(change.id);
    else changed.push(change);
  }
  const catalogOf = (products: PosProduct[]): PosCatalog => ({ version: meta.version, today: meta.today, categories: meta.categories, modifier_groups: meta.modifier_groups, full: true, removed: [], products });
  const done = (catalog: PosCatalog) => {
    if (typeof performance.measure === 'function') performance.measure('till:catalog-read', { start: started, detail: catalog.products.length });
    return catalog;
  };
  const snapshot: PosProduct[] = [];
  if (head) fromChunk(head, snapshot);
  if (meta.chunks <= 1) return { first: done(catalogOf(changes.length ? mergeProducts(snapshot, changed, removed) : snapshot)), whole: null };
  // The first view shows the changed rows that sort among its own; one renamed past them leaves it.
  const last = snapshot[snapshot.length - 1]!;
  const among = changed.filter((product) => byName(product, last) <= 0);
  const past = changed.filter((product) => byName(product, last) > 0).map((product) => product.id);
  const first = catalogOf(mergeProducts(snapshot, among, [...removed, ...past]));
  const whole = (async () => {
    for (let index = 1; index < meta.chunks; index += 1) {
      await nextTask();
      const chunk = await db.get('catalog_chunks', index);
      // Written again meanwhile (a rewrite changes the chunks): the caller asks the server instead.
      if (!chunk) throw new Error('The kept catalogue changed while it was read.');
      fromChunk(chunk, snapshot);
    }
    return done(catalogOf(changes.length ? mergeProducts(snapshot, changed, removed) : snapshot));
  })();
  return { first, whole };
}

let earlyRead: Promise<KeptCatalogRead | null> | null = null;

/**
 * Starts reading the kept catalogue at once: the console's first module calls it when it opens on
 * the till, so IndexedDB reads while the shell's code runs (app/early-reads.ts). The till's restore
 * takes this read, once.
 */
export function startReadingKeptCatalog(): void {
  earlyRead = readKeptCatalogInSteps();
  earlyRead.catch(() => undefined);
}

/** The read started early, if one was and it is not taken yet; a fresh read otherwise. */
export function takeKeptCatalogRead(): Promise<KeptCatalogRead | null> {
  const read = earlyRead ?? readKeptCatalogInSteps();
  earlyRead = null;
  return read;
}

/** The catalogue this browser keeps, in its order, whole; null when it keeps none. */
export async function readKeptCatalog(): Promise<PosCatalog | null> {
  const read = await readKeptCatalogInSteps();
  if (!read) return null;
  return read.whole ? read.whole : read.first;
}

const metaOf = (catalog: PosCatalog, chunks: number): CatalogMeta => ({
  version: catalog.version,
  today: catalog.today,
  categories: catalog.categories,
  modifier_groups: catalog.modifier_groups,
  chunks,
  saved_at: Date.now(),
});

/**
 * Keeps `catalog` (what the till now holds): written whole when `changed` is 'all', else only the
 * rows changed and removed, laid over the snapshot (written whole again once they are many).
 * The meta row (version, day) is written with them, in one transaction.
 */
export async function keepCatalog(catalog: PosCatalog, changed: readonly PosProduct[] | 'all', removed: readonly number[] = []): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const db = await tillDb();
  const tx = db.transaction(['catalog_meta', 'catalog_chunks', 'catalog_changes'], 'readwrite');
  const chunks = tx.objectStore('catalog_chunks');
  const changes = tx.objectStore('catalog_changes');
  const meta = await tx.objectStore('catalog_meta').get(META);
  const writes: Promise<unknown>[] = [];
  const rewrite = changed === 'all' || !meta || (await changes.count()) + changed.length + removed.length > REWRITE_AFTER;
  if (rewrite) {
    writes.push(chunks.clear(), changes.clear());
    for (let start = 0, index = 0; start < catalog.products.length; start += CHUNK, index += 1) writes.push(chunks.put(toChunk(index, catalog.products.slice(start, start + CHUNK))));
    writes.push(tx.objectStore('catalog_meta').put(metaOf(catalog, Math.ceil(catalog.products.length / CHUNK)), META));
  } else {
    for (const product of changed) writes.push(changes.put(product));
    for (const id of removed) writes.push(changes.put({ id, removed: true }));
    writes.push(tx.objectStore('catalog_meta').put(metaOf(catalog, meta.chunks), META));
  }
  await Promise.all([...writes, tx.done]);
}

/** A few rows changed without a new version (the till's own sale took their stock). */
export async function keepCatalogRows(products: readonly PosProduct[]): Promise<void> {
  if (typeof indexedDB === 'undefined' || products.length === 0) return;
  const db = await tillDb();
  const tx = db.transaction('catalog_changes', 'readwrite');
  await Promise.all([...products.map((product) => tx.store.put(product)), tx.done]);
}
