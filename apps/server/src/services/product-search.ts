import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { catalogVersion } from './catalog-version';
import { keyedReads, type ServiceContext } from './context';

/*
 * Product search from memory (docs/decisions/0019-product-search-in-memory.md). "Contains" over
 * every name and SKU cannot use a B-tree, so the database read each product for every search and
 * for its count: a broad word ("latte", one product in five) cost the whole table twice. Here the
 * server keeps, per database, the few fields a search filters on, lowercased, newest first, and
 * brings them up to date from the catalogue version (services/catalog-version.ts) the tills already
 * follow: the products stamped since its version, or everything again after a product is deleted.
 * The search then finds the matching ids and their exact count in memory, and the database reads
 * only the page's rows.
 */

interface Entry {
  id: number;
  /** Lowercased name and SKU. */
  name: string;
  sku: string;
  barcode: string | null;
  categoryId: number;
  unitId: number;
  active: boolean;
}

export interface ProductFilter {
  /** Empty: every product. */
  q: string;
  categoryId?: number | undefined;
  unitId?: number | undefined;
  active?: boolean | undefined;
}

const FIELDS = ['id', 'name', 'sku', 'barcode', 'category_id', 'unit_id', 'active'] as const;

type Row = { id: number; name: string; sku: string; barcode: string | null; category_id: number; unit_id: number; active: number };

const toEntry = (row: Row): Entry => ({
  id: row.id,
  name: row.name.toLowerCase(),
  sku: row.sku.toLowerCase(),
  barcode: row.barcode,
  categoryId: row.category_id,
  unitId: row.unit_id,
  active: row.active === 1,
});

/** How many searches' ids are kept: at worst, words every product holds, 80 KB each for 10,000 products. */
const REMEMBERED_SEARCHES = 32;

/** Between the name and the SKU and after each product in the haystack: a search text holding it is matched product by product. */
const SEPARATOR = '\u0000';

const sameForSearch = (a: Entry, b: Entry) =>
  a.name === b.name && a.sku === b.sku && a.barcode === b.barcode && a.categoryId === b.categoryId && a.unitId === b.unitId && a.active === b.active;

class SearchIndex {
  /** Newest first, as the product list orders. */
  private entries: Entry[] = [];
  /**
   * Every name and SKU in one string, in the entries' order, and where each entry starts: one
   * `indexOf` from match to match finds them, where a call per product costs more than the test.
   */
  private haystack = '';
  private starts = new Int32Array(0);
  private byBarcode = new Map<string, number>();
  /**
   * The last searches' ids, by their text and filters, most recent last. Kept until a name, SKU,
   * barcode, category, unit or the active flag changes (`rebuild`); a sale, which changes only
   * stock, keeps them. The same words come back often: tills typing the same names, a list paged.
   */
  private found = new Map<string, readonly number[]>();
  private version = -1;
  private deleted = -1;
  private refreshing: Promise<void> | null = null;

  /**
   * Up to date with every product committed when it is called (catalogVersion's promise). The
   * version is one row read by key (on SQLite on the main thread, `keyedReads`); the products, all
   * or those changed, are read after it through `ctx.db` (a reader thread), which then sees at
   * least what the version counts.
   */
  async current(ctx: ServiceContext): Promise<this> {
    for (;;) {
      // One refresh at a time; a search that arrives meanwhile waits for it, then checks again.
      if (this.refreshing) {
        await this.refreshing;
        continue;
      }
      const seen = await catalogVersion(keyedReads(ctx));
      if (seen.version === this.version && seen.deleted === this.deleted) return this;
      if (this.refreshing) continue;
      this.refreshing = this.refresh(ctx, seen).finally(() => {
        this.refreshing = null;
      });
      await this.refreshing;
      return this;
    }
  }

  /** The version the entries are at (a match made now is of that version), or null before the first build and while one is under way. */
  versionNow(): number | null {
    return this.version < 0 || this.refreshing ? null : this.version;
  }

  private async refresh(ctx: ServiceContext, seen: { version: number; deleted: number }): Promise<void> {
    if (seen.deleted !== this.deleted || this.version < 0) {
      const rows = await ctx.db.selectFrom('products').select(FIELDS).orderBy('id', 'desc').execute();
      this.entries = rows.map(toEntry);
      this.rebuild();
    } else {
      // A sale stamps the products it sold (their stock): most deltas change nothing searched.
      const changed = await ctx.db.selectFrom('products').select(FIELDS).where('catalog_rev', '>', this.version).execute();
      if (changed.length && this.apply(changed.map(toEntry))) this.rebuild();
    }
    this.version = seen.version;
    this.deleted = seen.deleted;
  }

  /** Whether anything a search looks at changed. */
  private apply(changed: Entry[]): boolean {
    const byId = new Map(changed.map((entry) => [entry.id, entry]));
    let differs = false;
    this.entries = this.entries.map((entry) => {
      const update = byId.get(entry.id);
      if (!update) return entry;
      byId.delete(entry.id);
      if (sameForSearch(entry, update)) return entry;
      differs = true;
      return update;
    });
    // What is left is new: a new product has the highest id, so it goes first.
    if (byId.size) this.entries = [...byId.values(), ...this.entries].sort((a, b) => b.id - a.id);
    return differs || byId.size > 0;
  }

  private rebuild(): void {
    this.found.clear();
    this.starts = new Int32Array(this.entries.length + 1);
    let offset = 0;
    const parts = this.entries.map((entry, i) => {
      this.starts[i] = offset;
      const part = `${entry.name}${SEPARATOR}${entry.sku}${SEPARATOR}`;
      offset += part.length;
      return part;
    });
    this.starts[this.entries.length] = offset;
    this.haystack = parts.join('');
    this.byBarcode = new Map(this.entries.flatMap((entry, i) => (entry.barcode === null ? [] : [[entry.barcode, i] as const])));
  }

  /** The entry whose part of the haystack holds this offset. */
  private entryAt(offset: number): number {
    let low = 0;
    let high = this.entries.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /** Ids of the products whose name or SKU contains the text (any case) or whose barcode is it (no text: every product), through the filters, newest first. */
  match(filter: ProductFilter): readonly number[] {
    const key = `${filter.q}${SEPARATOR}${filter.categoryId ?? ''}${SEPARATOR}${filter.unitId ?? ''}${SEPARATOR}${filter.active ?? ''}`;
    const known = this.found.get(key);
    if (known) {
      // Most recent last, so the oldest is the first to go.
      this.found.delete(key);
      this.found.set(key, known);
      return known;
    }
    const ids = this.search(filter);
    if (this.found.size >= REMEMBERED_SEARCHES) this.found.delete(this.found.keys().next().value!);
    this.found.set(key, ids);
    return ids;
  }

  private search(filter: ProductFilter): number[] {
    const text = filter.q.toLowerCase();
    const found: number[] = [];
    if (text === '') {
      // No text: the product list as it opens, every product through the filters.
      for (let i = 0; i < this.entries.length; i += 1) found.push(i);
    } else if (text.includes(SEPARATOR)) {
      this.entries.forEach((entry, i) => {
        if (entry.name.includes(text) || entry.sku.includes(text)) found.push(i);
      });
    } else {
      for (let at = this.haystack.indexOf(text); at !== -1; ) {
        const i = this.entryAt(at);
        found.push(i);
        at = this.haystack.indexOf(text, this.starts[i + 1]);
      }
    }
    const byBarcode = this.byBarcode.get(filter.q);
    if (byBarcode !== undefined && !found.includes(byBarcode)) {
      found.push(byBarcode);
      found.sort((a, b) => a - b);
    }
    const ids: number[] = [];
    for (const i of found) {
      const entry = this.entries[i]!;
      if (filter.categoryId !== undefined && entry.categoryId !== filter.categoryId) continue;
      if (filter.unitId !== undefined && entry.unitId !== filter.unitId) continue;
      if (filter.active !== undefined && entry.active !== filter.active) continue;
      ids.push(entry.id);
    }
    return ids;
  }
}

/** One index per database (the tests run many in one process); keyed by the lists' database handle (`app.lists`), through which the product list reads. */
const indexes = new WeakMap<Kysely<Database>, SearchIndex>();

function indexOf(db: Kysely<Database>): SearchIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new SearchIndex();
    indexes.set(db, index);
  }
  return index;
}

/** The ids of every product the search finds, newest first: their count is the list's total. */
export async function searchProductIds(ctx: ServiceContext, filter: ProductFilter): Promise<readonly number[]> {
  return (await indexOf(ctx.db).current(ctx)).match(filter);
}

/** How a search's page is read: by its ids, and by its ids with the catalogue version as it stands beside them. */
export interface PageReader<R> {
  rows: (ids: number[]) => Promise<R[]>;
  /** The page, and the catalogue version read in the same statement (null when no row came back). */
  rowsAtVersion: (ids: number[]) => Promise<{ rows: R[]; version: number | null }>;
}

/**
 * A search's matches and its page's rows, in one statement once the index is built (on
 * PostgreSQL a statement is a round trip). The page is read with the catalogue version as it
 * stands: every write that changes what a search looks at takes a new version, a delete
 * included, and every version up to the index's was committed when the index read it
 * (catalogVersion). So when the version is still the index's, nothing has been written since:
 * the ids it found are those of every product committed before the statement began, and the page
 * stands. Otherwise (a sale takes a version too) the index is brought up to date and the page
 * read again, as before; so is an empty page.
 */
export async function searchWithPage<R>(
  ctx: ServiceContext,
  filter: ProductFilter,
  pageOf: (ids: readonly number[]) => readonly number[],
  read: PageReader<R>,
): Promise<{ ids: readonly number[]; rows: R[] }> {
  const index = indexOf(ctx.db);
  const at = index.versionNow();
  if (at !== null) {
    const ids = index.match(filter);
    const pageIds = pageOf(ids);
    if (pageIds.length) {
      const page = await read.rowsAtVersion([...pageIds]);
      if (page.version === at) return { ids, rows: page.rows };
    }
  }
  const ids = await searchProductIds(ctx, filter);
  const pageIds = pageOf(ids);
  return { ids, rows: pageIds.length ? await read.rows([...pageIds]) : [] };
}
