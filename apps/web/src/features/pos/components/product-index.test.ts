import { describe, expect, it } from 'vitest';
import { posProduct } from '@/test/product-fixtures';
import type { PosProduct } from '@shop/contracts/pos';
import { buildProductIndex } from './product-index';

// The till's search over its catalogue (docs/decisions/0016-offline-selling.md, "A big catalogue").
const product = posProduct;
const products = [
  product(2, 'Americano', { barcode: '8850000000001' }),
  product(1, 'Iced Latte', { category_id: 2, sku: 'LAT-1' }),
  product(3, 'Latte', { barcode: '8850000000003' }),
  product(4, 'Mocha latte', { category_id: 2 }),
  // A name holding the index's own separators still finds and is found.
  product(5, 'Odd\u0001name\u0002tea'),
];
const ids = (found: readonly PosProduct[]) => found.map((p) => p.id);

describe('the till search index', () => {
  it('finds part of a name or SKU in any case, in catalogue order, each product once, within a category when one is chosen', () => {
    const index = buildProductIndex(products);
    expect(ids(index.search(null, 'latte'))).toEqual([1, 3, 4]);
    expect(ids(index.search(2, 'latte'))).toEqual([1, 4]);
    expect(ids(index.search(null, 'lat-'))).toEqual([1]);
    expect(ids(index.search(null, 'sku-'))).toEqual([2, 3, 4, 5]);
    expect(ids(index.search(null, 'd l'))).toEqual([1]);
    expect(ids(index.search(null, 'name tea'))).toEqual([5]);
    expect(ids(index.search(null, 'espresso'))).toEqual([]);
    // Nothing typed: the whole catalogue, or the category's.
    expect(index.search(null, '')).toBe(products);
    expect(ids(index.search(2, ''))).toEqual([1, 4]);
  });

  it('matches a barcode only whole, and a scan finds the barcode first, then the SKU', () => {
    const index = buildProductIndex(products);
    expect(ids(index.search(null, '8850000000003'))).toEqual([3]);
    expect(ids(index.search(null, '885000000000'))).toEqual([]);
    expect(ids(index.search(2, '8850000000003'))).toEqual([]);
    expect(index.byCode('8850000000001')?.id).toBe(2);
    expect(index.byCode('lat-1')?.id).toBe(1);
    expect(index.byCode('lat')).toBeUndefined();
    expect(index.byCode('')).toBeUndefined();
    expect(index.byId(4)?.name).toBe('Mocha latte');
    expect(index.byId(99)).toBeUndefined();
  });

  it('finds a short in-house barcode whole, in its place among the names that hold it, within the category', () => {
    const shop = [product(2, 'Americano', { barcode: '42' }), product(1, 'Iced tea 42', { category_id: 2 }), product(3, 'Latte', { barcode: '8850000000003' }), product(4, 'Mocha 42')];
    const index = buildProductIndex(shop);
    expect(ids(index.search(null, '42'))).toEqual([2, 1, 4]);
    expect(ids(index.search(2, '42'))).toEqual([1]);
    // Shorter than any barcode, or only part of one: names alone.
    expect(ids(index.search(null, '4'))).toEqual([1, 4]);
    expect(ids(index.search(null, '885'))).toEqual([]);
    expect(index.byCode('42')?.id).toBe(2);
    // The barcode's product last in the catalogue still comes once, at the end.
    const last = buildProductIndex([product(1, 'Tea 42'), product(2, 'Americano', { barcode: '42' })]);
    expect(ids(last.search(null, '42'))).toEqual([1, 2]);
  });

  it('after a sale that only took stock, answers with the new rows; a renamed product is found by its new name', () => {
    const first = buildProductIndex(products);
    const sold = products.map((p) => (p.id === 3 ? { ...p, stock: 7 } : p));
    const after = buildProductIndex(sold, first);
    expect(after.search(null, 'latte').find((p) => p.id === 3)?.stock).toBe(7);
    expect(after.byId(3)?.stock).toBe(7);
    const renamed = buildProductIndex(sold.map((p) => (p.id === 3 ? { ...p, name: 'Flat white' } : p)), after);
    expect(ids(renamed.search(null, 'latte'))).toEqual([1, 4]);
    expect(ids(renamed.search(null, 'flat'))).toEqual([3]);
  });
});
