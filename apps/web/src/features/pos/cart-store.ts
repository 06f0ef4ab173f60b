import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { toBasisPoints, toCents } from '@shop/contracts/money';
import type { PosProduct } from '@shop/contracts/pos';
import { priceSale, type SalePricing } from '@shop/contracts/pricing';
import type { SaleInput } from '@shop/contracts/sale';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/*
 * The till's cart, kept in local storage on every change: a reload, a closed tab or a crashed
 * tablet brings it back as it was. A payment that was sent but not confirmed is kept with its
 * Idempotency-Key and exact request, so pressing Pay again retries it without selling twice.
 */

const lineSchema = z.object({
  key: z.string(),
  productId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  /** Catalogue price before promotions. */
  price: z.number(),
  discountPercent: z.number(),
  trackStock: z.boolean(),
  qty: z.number().int().min(1),
});
export type CartLine = z.infer<typeof lineSchema>;

const cartSchema = z.object({
  lines: z.array(lineSchema),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  taxEnabled: z.boolean(),
  /** null until the cashier types one: then the settings' default applies. */
  servicePercent: z.number().nullable(),
  /** A payment sent whose answer never arrived (or failed on the way). */
  pending: z.object({ key: z.string(), body: z.record(z.string(), z.unknown()) }).nullable(),
  /** A Manager's approval for this cart's tax or service change, sent as the sale's `approval_token`. */
  approval: z.object({ token: z.string(), approverName: z.string(), expiresAt: z.string() }).nullable().default(null),
  /**
   * An open order this cart works on: adding to it (the lines go to the order, not to a sale), or
   * paying some of its lines (`lineIds`; the lines are the order's and cannot change).
   */
  order: z
    .object({ id: z.number().int(), code: z.string(), label: z.string(), mode: z.enum(['add', 'pay']), lineIds: z.array(z.number().int()) })
    .nullable()
    .default(null),
});
export type Cart = z.infer<typeof cartSchema>;

const EMPTY: Cart = { lines: [], customer: null, taxEnabled: true, servicePercent: null, pending: null, approval: null, order: null };

function load(): Cart {
  const raw = readStorage(STORAGE_KEYS.posCart);
  if (!raw) return EMPTY;
  try {
    const parsed = cartSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

let cart = load();
const listeners = new Set<() => void>();

function set(next: Cart): void {
  cart = next;
  writeStorage(STORAGE_KEYS.posCart, JSON.stringify(next));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart(): Cart {
  return useSyncExternalStore(subscribe, () => cart);
}

export function getCart(): Cart {
  return cart;
}

/** Tapping a product already in the cart adds one to its line (docs/decisions/0005-readings-of-the-requirements.md). */
export function addProduct(product: PosProduct): CartLine {
  const existing = cart.lines.find((line) => line.productId === product.id);
  if (existing) {
    const line = { ...existing, qty: existing.qty + 1, price: product.price, discountPercent: product.discount_percent };
    set({ ...cart, lines: cart.lines.map((l) => (l.key === existing.key ? line : l)) });
    return line;
  }
  const line: CartLine = {
    key: `${product.id}-${Date.now().toString(36)}`,
    productId: product.id,
    name: product.name,
    sku: product.sku,
    price: product.price,
    discountPercent: product.discount_percent,
    trackStock: product.track_stock,
    qty: 1,
  };
  set({ ...cart, lines: [...cart.lines, line] });
  return line;
}

/** Plus is unbounded (the server checks stock); minus never goes below 1. */
export function changeQty(key: string, delta: number): void {
  set({ ...cart, lines: cart.lines.map((line) => (line.key === key ? { ...line, qty: Math.max(1, line.qty + delta) } : line)) });
}

export function removeLine(key: string): void {
  set({ ...cart, lines: cart.lines.filter((line) => line.key !== key) });
}

/** A new cart keeps the tax switch as it was, unless switching it off needed an approval: that was for this cart. */
export function clearCart(): void {
  set({ ...EMPTY, taxEnabled: cart.approval ? true : cart.taxEnabled });
}

export function setCustomer(customer: Cart['customer']): void {
  set({ ...cart, customer });
}

export function setTaxEnabled(taxEnabled: boolean): void {
  set({ ...cart, taxEnabled });
}

export function setServicePercent(servicePercent: number | null): void {
  set({ ...cart, servicePercent });
}

export function setApproval(approval: Cart['approval']): void {
  set({ ...cart, approval });
}

/** Whether the cart's approval is still good (the server decides; this is for not asking twice). */
export function approvalValid(approval: Cart['approval'], now = Date.now()): boolean {
  return approval !== null && Date.parse(approval.expiresAt) > now;
}

/** Adding to an open order: the cart starts empty and its lines will be sent to the order. */
export function startAddingTo(order: { id: number; code: string; label: string }): void {
  set({ ...EMPTY, taxEnabled: cart.taxEnabled, order: { ...order, mode: 'add', lineIds: [] } });
}

/** Paying lines of an open order: the cart holds them as they are, priced by the catalogue now. */
export function startPaying(order: { id: number; code: string; label: string }, lines: { id: number; quantity: number; product: PosProduct }[]): void {
  set({
    ...EMPTY,
    taxEnabled: cart.taxEnabled,
    order: { ...order, mode: 'pay', lineIds: lines.map((line) => line.id) },
    lines: lines.map(({ id, quantity, product }) => ({
      key: `order-line-${id}`,
      productId: product.id,
      name: product.name,
      sku: product.sku,
      price: product.price,
      discountPercent: product.discount_percent,
      trackStock: product.track_stock,
      qty: quantity,
    })),
  });
}

export function setPending(pending: Cart['pending']): void {
  set({ ...cart, pending });
}

/** The server's current prices, after it refused the cart's (a 409). */
export function applyServerPrices(prices: { product_id: number; unit_price: number; discount_percent: number }[]): void {
  const byId = new Map(prices.map((p) => [p.product_id, p]));
  set({
    ...cart,
    pending: null,
    lines: cart.lines.map((line) => {
      const price = byId.get(line.productId);
      return price ? { ...line, price: price.unit_price, discountPercent: price.discount_percent } : line;
    }),
  });
}

/** The cart priced exactly as the server will price it (the same function). */
export function priceCart(lines: CartLine[], options: { taxEnabled: boolean; taxInclusive: boolean; taxRate: number; servicePercent: number }): SalePricing {
  return priceSale(
    lines.map((line) => ({ quantity: line.qty, unitPriceCents: toCents(line.price), discountBp: toBasisPoints(line.discountPercent) })),
    {
      taxEnabled: options.taxEnabled,
      taxInclusive: options.taxInclusive,
      taxRateBp: toBasisPoints(options.taxRate),
      serviceBp: toBasisPoints(options.servicePercent),
    },
  );
}

/** The sale request for this cart, less the moment and tender (they belong to the payment). */
export function saleLines(lines: CartLine[]): SaleInput['items'] {
  return lines.map((line) => ({ product_id: line.productId, quantity: line.qty, unit_price: line.price }));
}
