import { useEffect, useState } from 'react';
import type { PosProduct } from '@shop/contracts/pos';

/*
 * The till's search over its catalogue (docs/decisions/0016-offline-selling.md, "A big catalogue").
 * Every product's name and SKU, lowercased, sit in one long string: a keystroke is a few `indexOf`
 * calls over it (the engine's fastest scan), not one test per product, and building it is one join
 * and one `toLowerCase`. Barcodes sit in a second string, for exact lookups. A sale that only
 * changes stock or prices keeps both strings: the index is carried over, not built again.
 */

/** Between a product's name and its SKU, and after each product: characters no name or code holds. */
const FIELD = '\u0001';
const ROW = '\u0002';
/** A separator inside a name or code (never seen) becomes a space. */
const clean = (value: string) => (value.includes(FIELD) || value.includes(ROW) ? value.replaceAll(FIELD, ' ').replaceAll(ROW, ' ') : value);

export interface ProductIndex {
  readonly products: readonly PosProduct[];
  /** A code as typed or scanned (lowercase): the product with that barcode, else with that SKU. */
  byCode(code: string): PosProduct | undefined;
  byId(id: number): PosProduct | undefined;
  /** What the cashier typed (lowercase): a barcode exactly, or part of a name or SKU; in catalogue order. */
  search(categoryId: number | null, needle: string): readonly PosProduct[];
}

interface Texts {
  /** `name␁sku␂` per product, lowercased. */
  text: string;
  /** Where each product's part of `text` starts; one more at the end. */
  starts: Int32Array;
  /** `␂barcode␂` per product (empty when none), lowercased. */
  codes: string;
  codeStarts: Int32Array;
  /** The shortest barcode's length: a shorter needle is no whole barcode, and the codes are not scanned. */
  shortestCode: number;
  /** Product id → its row, built when first asked. */
  rows: Map<number, number> | null;
}

/** Where each row starts in `joined` (rows end with ROW), and the end. */
function rowStarts(joined: string, count: number, from = 0): Int32Array {
  const starts = new Int32Array(count + 1);
  let at = from;
  for (let row = 0; row < count; row += 1) {
    starts[row] = at;
    at = joined.indexOf(ROW, at) + 1;
  }
  starts[count] = at;
  return starts;
}

/** The row whose part of the string holds `position`, at or after row `from`. */
function rowAt(starts: Int32Array, position: number, from = 0): number {
  // Matches come in order and mostly close together: the next row or the one after, before halving.
  if (starts[from + 1]! > position) return from;
  if (starts[from + 2]! > position) return from + 1;
  let low = from;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (starts[mid]! <= position) low = mid;
    else high = mid - 1;
  }
  return low;
}

function buildTexts(products: readonly PosProduct[]): Texts {
  const count = products.length;
  const named = new Array<string>(count);
  const coded = new Array<string>(count);
  let shortestCode = Infinity;
  for (let i = 0; i < count; i += 1) {
    const product = products[i]!;
    named[i] = `${clean(product.name)}${FIELD}${clean(product.sku)}`;
    coded[i] = clean(product.barcode ?? '');
    if (coded[i]!.length > 0 && coded[i]!.length < shortestCode) shortestCode = coded[i]!.length;
  }
  // One join and one toLowerCase for all of them.
  const text = `${named.join(ROW)}${ROW}`.toLowerCase();
  const codes = `${ROW}${coded.join(ROW)}${ROW}`.toLowerCase();
  return { text, starts: rowStarts(text, count), codes, codeStarts: rowStarts(codes, count, 1), shortestCode, rows: null };
}

function indexOver(products: readonly PosProduct[], texts: Texts): ProductIndex {
  const { text, starts, codes, codeStarts, shortestCode } = texts;
  const rowOfId = (id: number) => {
    if (!texts.rows) {
      texts.rows = new Map();
      for (let i = 0; i < products.length; i += 1) texts.rows.set(products[i]!.id, i);
    }
    return texts.rows.get(id);
  };
  const byBarcode = (code: string) => {
    if (code.length < shortestCode || code.includes(ROW)) return undefined;
    const at = codes.indexOf(`${ROW}${code}${ROW}`);
    return at < 0 ? undefined : rowAt(codeStarts, at + 1);
  };
  const bySku = (code: string) => {
    if (!code || code.includes(ROW) || code.includes(FIELD)) return undefined;
    const at = text.indexOf(`${FIELD}${code}${ROW}`);
    return at < 0 ? undefined : rowAt(starts, at);
  };
  return {
    products,
    byCode(code) {
      const row = byBarcode(code) ?? bySku(code);
      return row === undefined ? undefined : products[row];
    },
    byId(id) {
      const row = rowOfId(id);
      return row === undefined ? undefined : products[row];
    },
    search(categoryId, needle) {
      if (!needle) return categoryId === null ? products : products.filter((product) => product.category_id === categoryId);
      // The products straight from the scan (a keystroke may match most of 50,000): no list of rows first.
      const found: PosProduct[] = [];
      const inCategory = (product: PosProduct) => categoryId === null || product.category_id === categoryId;
      // A barcode matches only whole; its product comes in its place, once.
      let scanned = byBarcode(needle);
      if (scanned !== undefined && !inCategory(products[scanned]!)) scanned = undefined;
      let row = 0;
      if (!needle.includes(ROW) && !needle.includes(FIELD)) {
        for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, starts[row + 1]!)) {
          row = rowAt(starts, at, row);
          if (scanned !== undefined && scanned <= row) {
            if (scanned < row) found.push(products[scanned]!);
            scanned = undefined;
          }
          const product = products[row]!;
          if (inCategory(product)) found.push(product);
        }
      }
      if (scanned !== undefined) found.push(products[scanned]!);
      return found;
    },
  };
}

/** Same products in the same places, with the same names and codes (stock and prices may differ). */
function sameTexts(before: readonly PosProduct[], after: readonly PosProduct[]): boolean {
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i += 1) {
    const a = before[i]!;
    const b = after[i]!;
    if (a !== b && (a.id !== b.id || a.name !== b.name || a.sku !== b.sku || a.barcode !== b.barcode)) return false;
  }
  return true;
}

const kept = new WeakMap<ProductIndex, Texts>();

/** The index over `products`; `previous`'s texts are reused when only stock or prices changed. */
export function buildProductIndex(products: readonly PosProduct[], previous?: ProductIndex): ProductIndex {
  const reused = previous && sameTexts(previous.products, products) ? kept.get(previous) : undefined;
  const texts = reused ?? buildTexts(products);
  const index = indexOver(products, texts);
  kept.set(index, texts);
  return index;
}

/** The index of the catalogue the till holds, carried over while only stock and prices change. */
export function useProductIndex(products: readonly PosProduct[] | undefined): ProductIndex {
  const list = products ?? EMPTY;
  const [index, setIndex] = useState(() => buildProductIndex(list));
  // The products by id (the cart's lines look theirs up) are listed while the till waits, not on its first tap.
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(() => index.byId(0));
    return () => cancelIdleCallback(idle);
  }, [index]);
  if (index.products === list) return index;
  // A new catalogue: the index follows it in this same render (React's pattern for state from props).
  const next = buildProductIndex(list, index);
  setIndex(next);
  return next;
}

const EMPTY: PosProduct[] = [];
