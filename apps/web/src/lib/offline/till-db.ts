import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import type { Sale, SaleInput } from '@shop/contracts/sale';

/*
 * What the till keeps in this browser's IndexedDB so it can sell with no server
 * (docs/decisions/0016-offline-selling.md):
 * - `outbox`: each sale rung up offline, with the id the till made for it, until the server has it;
 * - `synced`: what the server numbered those sales (a receipt's T1-0007 became SO-0123);
 * - `cache`: the screens' data the till sells from (settings, tills, its shift), as TanStack
 *   Query's persisted cache;
 * - `catalog_chunks`, `catalog_changes` and `catalog_meta`: the catalogue, as a snapshot by column
 *   in chunks, the rows changed since, and what goes with it (its version and day, categories,
 *   modifier groups), so a reload reads it back fast and a delta writes only the rows that
 *   changed (docs/decisions/0016-offline-selling.md, "A big catalogue"; lib/offline/catalog-cache.ts).
 */

export interface OutboxEntry {
  /** Made by the till when it sold (a UUID): the sale's offline id and its Idempotency-Key. */
  client_id: string;
  /** The number the receipt carried: the till's own ("T1-0007"). */
  number: string;
  /** Exactly what is sent, every time it is sent. */
  body: SaleInput;
  /** The sale as the till showed it (its change, its receipt). */
  sale: Sale;
  /** Who rang it up; their session sends it. */
  user_id: number;
  created_at: string;
  attempts: number;
  /** The server refused it (a 4xx): it stays here, for a Manager to see, and is not sent again by itself. */
  refused: { status: number; message: string } | null;
}

export interface SyncedSale {
  client_id: string;
  number: string;
  sale_id: number;
  code: string;
  synced_at: string;
}

/** The catalogue's one meta row: everything but the products, and how many chunks hold them. */
export type CatalogMeta = Omit<PosCatalog, 'products' | 'full' | 'removed'> & { chunks: number; saved_at: number };

/** Up to 5,000 products in name order, by column: the numbers as typed arrays, the texts in one JSON string. */
export interface CatalogChunk {
  index: number;
  ids: Int32Array;
  category_ids: Int32Array;
  prices: Float64Array;
  stocks: Float64Array;
  expired: Float64Array;
  discounts: Float64Array;
  /** 1 when the product's stock is tracked. */
  track_stock: Uint8Array;
  /** `{ names, skus, barcodes, images, promotions, groups: [row, modifier group ids][] }`. */
  texts: string;
}

interface TillDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { created_at: string } };
  synced: { key: string; value: SyncedSale; indexes: { synced_at: string } };
  cache: { key: string; value: string };
  catalog_chunks: { key: number; value: CatalogChunk };
  /** A product changed since the snapshot, or one that left the till. */
  catalog_changes: { key: number; value: PosProduct | { id: number; removed: true } };
  catalog_meta: { key: string; value: CatalogMeta };
}

const NAME = 'shop-till';
let opening: Promise<IDBPDatabase<TillDb>> | null = null;

/** The till's database, opened once per page. */
export function tillDb(): Promise<IDBPDatabase<TillDb>> {
  opening ??= openDB<TillDb>(NAME, 2, {
    // Each version adds its stores; what an older version made (sales waiting to be sent) stays.
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('outbox', { keyPath: 'client_id' }).createIndex('created_at', 'created_at');
        db.createObjectStore('synced', { keyPath: 'client_id' }).createIndex('synced_at', 'synced_at');
        db.createObjectStore('cache');
      }
      if (oldVersion < 2) {
        db.createObjectStore('catalog_chunks', { keyPath: 'index' });
        db.createObjectStore('catalog_changes', { keyPath: 'id' });
        db.createObjectStore('catalog_meta');
      }
    },
    // Another tab opened a newer version: let it, and open again on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  });
  return opening;
}

/** The `cache` entry that holds the screens' kept data (lib/offline/persist.ts). */
export const KEPT_QUERIES = 'queries';

const earlyCacheReads = new Map<string, Promise<string | undefined>>();

/** Starts reading a `cache` entry at once (app/early-reads.ts); the next `readCache` of it takes this read. */
export function startReadingCache(key: string): void {
  const read = tillDb().then((db) => db.get('cache', key));
  read.catch(() => undefined);
  earlyCacheReads.set(key, read);
}

/** A `cache` entry: the read started early when there is one not yet taken, a fresh read otherwise. */
export function readCache(key: string): Promise<string | undefined> {
  const early = earlyCacheReads.get(key);
  earlyCacheReads.delete(key);
  return early ?? tillDb().then((db) => db.get('cache', key));
}

/** Asks the browser not to evict the till's data when space runs low (sales not yet synced live there). */
export async function keepTillData(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

/** Empties every store (tests start each case from an empty till). */
export async function clearTillDb(): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction(['outbox', 'synced', 'cache', 'catalog_chunks', 'catalog_changes', 'catalog_meta'], 'readwrite');
  await Promise.all([
    tx.objectStore('outbox').clear(),
    tx.objectStore('synced').clear(),
    tx.objectStore('cache').clear(),
    tx.objectStore('catalog_chunks').clear(),
    tx.objectStore('catalog_changes').clear(),
    tx.objectStore('catalog_meta').clear(),
    tx.done,
  ]);
}
