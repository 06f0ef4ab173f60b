import type { PosProduct } from '@shop/contracts/pos';
import type { Product } from '@shop/contracts/product';

/** A catalogue product as GET /products answers it: "Drink N", SKU "COF-N", $2.50, no barcode. */
export function product(id: number, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name: `Drink ${id}`,
    sku: `COF-${id}`,
    barcode: null,
    category_id: 1,
    unit_id: 1,
    price: 2.5,
    active: true,
    track_stock: true,
    reorder_level: 0,
    image: null,
    description: null,
    category: { id: 1, name: 'Coffee' },
    unit: { id: 1, name: 'Cup', symbol: 'cup' },
    modifier_group_ids: [],
    created_at: '',
    updated_at: '',
    ...overrides,
  };
}

/** A product as the till's catalogue (GET /pos/catalog) holds it: SKU "SKU-N", $1, 10 in stock. */
export function posProduct(id: number, name: string, overrides: Partial<PosProduct> = {}): PosProduct {
  return {
    id,
    name,
    sku: `SKU-${id}`,
    barcode: null,
    price: 1,
    category_id: 1,
    image: null,
    track_stock: true,
    stock: 10,
    expired: 0,
    discount_percent: 0,
    promotion: null,
    modifier_group_ids: [],
    ...overrides,
  };
}
