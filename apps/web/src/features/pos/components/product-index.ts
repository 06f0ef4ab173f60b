import type { PosProduct } from '@shop/contracts/pos';

/*
 * The till's search over its catalogue (docs/decisions/0016-offline-selling.md, "A big catalogue"):
 * built once per catalogue, so a keystroke scans prepared lowercase text and a scan is a Map lookup.
 * While the cashier keeps typing, each search narrows the previous matches.
 */

export interface ProductIndex {
  /** A barcode exactly, else a SKU exactly (lowercase code). */
  byCode(code: string): PosProduct | undefined;
  /** What the cashier typed: a barcode exactly, or words of the name or SKU; in catalogue order. */
  search(categoryId: number | null, needle: string): PosProduct[];
}

export function buildProductIndex(products: readonly PosProduct[]): ProductIndex {
  const count = products.length;
  // Name and SKU, lowercased, with a separator no search can span.
  const text: string[] = new Array<string>(count);
  const byBarcode = new Map<string, PosProduct>();
  const bySku = new Map<string, PosProduct>();
  const position = new Map<number, number>();
  for (let i = 0; i < count; i += 1) {
    const product = products[i]!;
    const sku = product.sku.toLowerCase();
    text[i] = `${product.name.toLowerCase()}\u0000${sku}`;
    if (product.barcode) {
      const barcode = product.barcode.toLowerCase();
      if (!byBarcode.has(barcode)) byBarcode.set(barcode, product);
    }
    if (!bySku.has(sku)) bySku.set(sku, product);
    position.set(product.id, i);
  }
  let last: { categoryId: number | null; needle: string; rows: number[] } | null = null;

  function search(categoryId: number | null, needle: string): PosProduct[] {
    let rows: number[];
    if (!needle) {
      rows = [];
      for (let i = 0; i < count; i += 1) if (categoryId === null || products[i]!.category_id === categoryId) rows.push(i);
    } else {
      // Every name or SKU holding "lat" holds "la": the previous matches are enough to look through.
      const from = last && last.categoryId === categoryId && last.needle && needle.startsWith(last.needle) ? last.rows : null;
      rows = [];
      if (from) {
        for (const i of from) if (text[i]!.includes(needle)) rows.push(i);
      } else {
        for (let i = 0; i < count; i += 1) {
          if ((categoryId === null || products[i]!.category_id === categoryId) && text[i]!.includes(needle)) rows.push(i);
        }
      }
      // A barcode matches only whole, so it may not have been among the previous matches.
      const scanned = byBarcode.get(needle);
      const at = scanned ? position.get(scanned.id) : undefined;
      if (scanned && at !== undefined && (categoryId === null || scanned.category_id === categoryId) && !text[at]!.includes(needle)) {
        rows.push(at);
        rows.sort((a, b) => a - b);
      }
    }
    last = { categoryId, needle, rows };
    return rows.map((i) => products[i]!);
  }

  return {
    byCode: (code) => byBarcode.get(code) ?? bySku.get(code),
    search,
  };
}
