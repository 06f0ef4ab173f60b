import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { fromCents, sumCents, toBasisPoints, toCents } from '@shop/contracts/money';
import type { PosProduct } from '@shop/contracts/pos';
import { DISCOUNT_TYPES, discountShareBp, handDiscountCents, priceSale, type SalePricing } from '@shop/contracts/pricing';
import type { SaleInput } from '@shop/contracts/sale';
import type { SaleModifier } from '@shop/contracts/modifier';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/*
 * The till's cart, kept in local storage on every change: a reload, a closed tab or a crashed
 * tablet brings it back as it was. A payment that was sent but not confirmed is kept with its
 * Idempotency-Key and exact request, so pressing Pay again retries it without selling twice.
 */

const chosenOptionSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  name: z.string(),
  name_km: z.string().nullable(),
  /** Added to the unit price, in dollars. */
  price: z.number(),
});

const handDiscountSchema = z.object({ type: z.enum(DISCOUNT_TYPES), value: z.number(), reason: z.string() });

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
  /** The chosen options, with what the line shows of them (carts saved before options load with none). */
  modifiers: z.array(chosenOptionSchema).default([]),
  /** False on lines saved before the till chose options: the server then gives them their defaults. */
  optionsChosen: z.boolean().default(false),
  /** For whoever makes it: "no condensed milk". */
  note: z.string().nullable().default(null),
  /** The cashier's discount on this line. */
  discount: handDiscountSchema.nullable().default(null),
});
export type CartLine = z.infer<typeof lineSchema>;
export type ChosenOption = z.infer<typeof chosenOptionSchema>;
export type CartDiscount = z.infer<typeof handDiscountSchema>;

/** What the chooser hands back for a line: its options, note and quantity. */
export type LineChoice = { modifiers: ChosenOption[]; note: string | null; qty: number };

const approvalSchema = z.object({ token: z.string(), approverName: z.string(), expiresAt: z.string() });

const cartSchema = z.object({
  lines: z.array(lineSchema),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  taxEnabled: z.boolean(),
  /** null until the cashier types one: then the settings' default applies. */
  servicePercent: z.number().nullable(),
  /** A payment sent whose answer never arrived (or failed on the way). */
  pending: z.object({ key: z.string(), body: z.record(z.string(), z.unknown()) }).nullable(),
  /** A Manager's approval for this cart's tax or service change, sent as the sale's `approval_token`. */
  approval: approvalSchema.nullable().default(null),
  /** The cashier's discount on the whole order. */
  orderDiscount: handDiscountSchema.nullable().default(null),
  /** A Manager's approval for this cart's discounts beyond the limit, sent as `discount_approval_token`. */
  discountApproval: approvalSchema.nullable().default(null),
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

const EMPTY: Cart = { lines: [], customer: null, taxEnabled: true, servicePercent: null, pending: null, approval: null, orderDiscount: null, discountApproval: null, order: null };

function load(): Cart {
  return readSavedCart(readStorage(STORAGE_KEYS.posCart));
}

/** A cart as saved, from any earlier version of the till (fields added since take their defaults); empty when unreadable. */
export function readSavedCart(raw: string | null): Cart {
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

/** The price per unit with the chosen options. */
export function unitPriceOf(line: Pick<CartLine, 'price' | 'modifiers'>): number {
  return fromCents(toCents(line.price) + sumCents(line.modifiers.map((option) => toCents(option.price))));
}

/** Two lines are one when they are the same product, with the same options and note. */
const sameKind = (line: CartLine, productId: number, choice: Pick<LineChoice, 'modifiers' | 'note'>) =>
  line.productId === productId && optionKey(line.modifiers) === optionKey(choice.modifiers) && (line.note ?? '') === (choice.note ?? '');
const optionKey = (options: ChosenOption[]) =>
  options
    .map((option) => option.id)
    .sort((a, b) => a - b)
    .join(',');

/**
 * Tapping a product already in the cart adds one to its line (docs/decisions/0005-readings-of-the-requirements.md);
 * with other options or another note it is another line.
 */
export function addProduct(product: PosProduct, choice: LineChoice = { modifiers: [], note: null, qty: 1 }): CartLine {
  const note = choice.note?.trim() ? choice.note.trim() : null;
  const existing = cart.lines.find((line) => sameKind(line, product.id, { modifiers: choice.modifiers, note }));
  if (existing) {
    const line = { ...existing, qty: existing.qty + choice.qty, price: product.price, discountPercent: product.discount_percent };
    set({ ...cart, lines: cart.lines.map((l) => (l.key === existing.key ? line : l)) });
    return line;
  }
  const line: CartLine = {
    key: `${product.id}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`,
    productId: product.id,
    name: product.name,
    sku: product.sku,
    price: product.price,
    discountPercent: product.discount_percent,
    trackStock: product.track_stock,
    qty: choice.qty,
    modifiers: choice.modifiers,
    optionsChosen: true,
    note,
    discount: null,
  };
  set({ ...cart, lines: [...cart.lines, line] });
  return line;
}

/** The chooser changed a line's options, note or quantity; a line that now matches another joins it. */
export function updateLine(key: string, choice: LineChoice): string {
  const current = cart.lines.find((line) => line.key === key);
  if (!current) return key;
  const note = choice.note?.trim() ? choice.note.trim() : null;
  const twin = cart.lines.find((line) => line.key !== key && sameKind(line, current.productId, { modifiers: choice.modifiers, note }));
  if (twin) {
    set({ ...cart, lines: cart.lines.filter((line) => line.key !== key).map((line) => (line.key === twin.key ? { ...line, qty: line.qty + choice.qty } : line)) });
    return twin.key;
  }
  set({ ...cart, lines: cart.lines.map((line) => (line.key === key ? { ...line, modifiers: choice.modifiers, optionsChosen: true, note, qty: choice.qty } : line)) });
  return key;
}

export function setLineDiscount(key: string, discount: CartDiscount | null): void {
  set({ ...cart, lines: cart.lines.map((line) => (line.key === key ? { ...line, discount } : line)) });
}

export function setOrderDiscount(orderDiscount: CartDiscount | null): void {
  set({ ...cart, orderDiscount });
}

export function setDiscountApproval(discountApproval: Cart['discountApproval']): void {
  set({ ...cart, discountApproval });
}

/** Plus is unbounded (the server checks stock); minus never goes below 1. */
export function changeQty(key: string, delta: number): void {
  set({ ...cart, lines: cart.lines.map((line) => (line.key === key ? { ...line, qty: Math.max(1, line.qty + delta) } : line)) });
}

export function removeLine(key: string): void {
  set({ ...cart, lines: cart.lines.filter((line) => line.key !== key) });
}

/** A new cart keeps the tax switch as it was, unless switching it off needed an approval: that was for this cart (discounts and their approval go with it). */
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
export function startPaying(
  order: { id: number; code: string; label: string },
  lines: { id: number; quantity: number; product: PosProduct; modifiers: SaleModifier[]; note: string | null }[],
): void {
  set({
    ...EMPTY,
    taxEnabled: cart.taxEnabled,
    order: { ...order, mode: 'pay', lineIds: lines.map((line) => line.id) },
    lines: lines.map(({ id, quantity, product, modifiers, note }) => ({
      key: `order-line-${id}`,
      productId: product.id,
      name: product.name,
      sku: product.sku,
      price: product.price,
      discountPercent: product.discount_percent,
      trackStock: product.track_stock,
      qty: quantity,
      modifiers: modifiers.flatMap((option) => (option.option_id === null ? [] : [{ id: option.option_id, group: option.group, name: option.name, name_km: option.name_km, price: option.price }])),
      optionsChosen: true,
      note,
      discount: null,
    })),
  });
}

export function setPending(pending: Cart['pending']): void {
  set({ ...cart, pending });
}

/** The server's current prices, after it refused the cart's (a 409). */
export function applyServerPrices(
  prices: { product_id: number; unit_price: number; discount_percent: number }[],
  modifierPrices: { option_id: number; price: number }[] = [],
): void {
  const byId = new Map(prices.map((p) => [p.product_id, p]));
  const optionPrice = new Map(modifierPrices.map((p) => [p.option_id, p.price]));
  set({
    ...cart,
    pending: null,
    lines: cart.lines.map((line) => {
      const price = byId.get(line.productId);
      const modifiers = line.modifiers.map((option) => ({ ...option, price: optionPrice.get(option.id) ?? option.price }));
      return price ? { ...line, price: price.unit_price, discountPercent: price.discount_percent, modifiers } : { ...line, modifiers };
    }),
  });
}

/** The cart priced exactly as the server will price it (the same function). */
export function priceCart(
  lines: CartLine[],
  options: { taxEnabled: boolean; taxInclusive: boolean; taxRate: number; servicePercent: number; orderDiscount?: CartDiscount | null },
): SalePricing {
  return priceSale(
    lines.map((line) => ({ quantity: line.qty, unitPriceCents: toCents(unitPriceOf(line)), discountBp: toBasisPoints(line.discountPercent), handDiscount: line.discount })),
    {
      orderDiscount: options.orderDiscount ?? null,
      taxEnabled: options.taxEnabled,
      taxInclusive: options.taxInclusive,
      taxRateBp: toBasisPoints(options.taxRate),
      serviceBp: toBasisPoints(options.servicePercent),
    },
  );
}

/** The sale request for this cart, less the moment and tender (they belong to the payment). */
export function saleLines(lines: CartLine[]): SaleInput['items'] {
  return lines.map((line) => ({
    product_id: line.productId,
    quantity: line.qty,
    unit_price: line.price,
    modifiers: line.optionsChosen ? line.modifiers.map((option) => option.id) : null,
    note: line.note,
    discount: line.discount,
  }));
}

/**
 * Whether a discount of the cart takes off more than `maxPercent` of what it applies to (a line
 * after its promotion, the order after the lines' own): beyond it, a Manager must approve.
 */
export function discountsBeyondLimit(lines: CartLine[], orderDiscount: CartDiscount | null, pricing: SalePricing, maxPercent: number): boolean {
  const maxBp = toBasisPoints(maxPercent);
  const beyond = (discount: CartDiscount | null, baseCents: number) => discount !== null && discountShareBp(handDiscountCents(discount, baseCents), baseCents) > maxBp;
  const lineBases = pricing.lines.map((line) => line.grossCents - line.promotionCents);
  if (lines.some((line, index) => beyond(line.discount, lineBases[index] ?? 0))) return true;
  return beyond(orderDiscount, sumCents(pricing.lines.map((line) => line.grossCents - line.promotionCents - line.handCents)));
}
