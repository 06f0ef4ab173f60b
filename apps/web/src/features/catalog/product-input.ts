import type { Product, ProductInput } from '@shop/contracts/product';

/** The product list's page size (docs/screens.md, "Page sizes"). */
export const PRODUCTS_PER_PAGE = 5;

/**
 * The full body a PUT needs, from a product as listed; `null` when its category or unit cannot
 * be resolved (docs/screens.md, "Catalogue": the status toggle is refused then).
 */
export function toProductInput(product: Product): ProductInput | null {
  const categoryId = product.category?.id ?? product.category_id;
  const unitId = product.unit?.id ?? product.unit_id;
  if (!categoryId || !unitId) return null;
  return {
    name: product.name,
    sku: product.sku,
    barcode: product.barcode,
    category_id: categoryId,
    unit_id: unitId,
    price: product.price,
    active: product.active,
    track_stock: product.track_stock,
    reorder_level: product.reorder_level,
    image: product.image,
    description: product.description,
  };
}
