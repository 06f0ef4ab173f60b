import { tillServicePercent } from '@shop/contracts/pricing';
import { fromBasisPoints, fromCents, toBasisPoints, toCents } from '@shop/contracts/money';
import type { PaymentInput } from '@shop/contracts/payment';
import type { Sale, SaleInput } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import { zoneParts } from '@shop/contracts/shop-format';
import { settleTender, type SaleRates } from '@shop/contracts/tender';
import { readStorage, writeStorage, STORAGE_KEYS } from '@/lib/storage';
import { priceCart, unitPriceOf, type Cart } from './cart-store';

/*
 * A sale rung up while the server cannot be reached (docs/decisions/0016-offline-selling.md).
 * The request the till had sent keeps its Idempotency-Key, which becomes the sale's offline id,
 * and gains the figures the till priced it with (promotions, options, tax, riel rates), so the
 * server records exactly what the customer paid. The till also builds the sale as the change
 * panel and the receipt show it, numbered by the till ("T1-0007") until the server numbers it.
 */

export type OfflineSale = { body: SaleInput; sale: Sale; number: string };

/** The till's own number for the next offline sale: T, the till's id, a dash and a counter this browser keeps. */
export function nextOfflineNumber(tillId: number | null): string {
  const next = (Number(readStorage(STORAGE_KEYS.offlineCounter)) || 0) + 1;
  writeStorage(STORAGE_KEYS.offlineCounter, String(next));
  return `T${tillId ?? 0}-${String(next).padStart(4, '0')}`;
}

function ratesOf(settings: Settings): SaleRates {
  const { payments } = settings;
  return { khrPerUsd: payments.khrPerUsd, khrChangePerUsd: payments.khrChangePerUsd ?? payments.khrPerUsd, rielStep: payments.rielStep };
}

/** The shop's business day of an instant (its date in the shop's time zone). */
function dayOf(instant: string, timeZone: string): string {
  const parts = zoneParts(instant, timeZone);
  return parts ? `${parts.year}-${parts.month}-${parts.day}` : instant.slice(0, 10);
}

/**
 * The offline sale for an attempt that never reached the server: `attempt` is exactly what was
 * sent (its key and body), `cart` the cart it was made from (its lines in the same order).
 */
export function offlineSaleOf(args: {
  attempt: { key: string; body: SaleInput };
  cart: Cart;
  settings: Settings;
  cashier: { id: number; name: string } | null;
  till: { id: number; name: string } | null;
  number: string;
}): OfflineSale {
  const { attempt, cart, settings, cashier, till, number } = args;
  const { taxes } = settings;
  const rates = ratesOf(settings);
  const payments = (attempt.body.payments ?? []) as PaymentInput[];
  const body: SaleInput = {
    ...attempt.body,
    items: attempt.body.items.map((item, index) => {
      const line = cart.lines[index];
      return line
        ? { ...item, promotion_percent: line.discountPercent, option_prices: line.modifiers.map((option) => ({ option_id: option.id, price: option.price })) }
        : item;
    }),
    offline: {
      client_id: attempt.key,
      number,
      tax_rate: taxes.rate,
      tax_inclusive: taxes.inclusive,
      khr_per_usd: rates.khrPerUsd,
      khr_change_per_usd: rates.khrChangePerUsd,
      riel_step: rates.rielStep,
      // What the sale started from: the server asks no approval for keeping them, whatever the shop changed since.
      shop_service_percent: tillServicePercent(settings.service),
      shop_tax_enabled: taxes.enabled,
    },
  };

  const taxEnabled = attempt.body.tax_enabled ?? true;
  const servicePercent = attempt.body.service_percent ?? 0;
  const pricing = priceCart(cart.lines, { taxEnabled, taxInclusive: taxes.inclusive, taxRate: taxes.rate, servicePercent, orderDiscount: cart.orderDiscount });
  const tender = payments.map((payment) => ({ methodKey: payment.method, currency: payment.currency ?? 'USD', amount: payment.currency === 'KHR' ? payment.amount : toCents(payment.amount) }));
  const outcome = settleTender(tender, pricing.totalCents, rates, attempt.body.change_in ?? 'mixed');
  const methodLabel = (key: string) => settings.payments.methods.find((method) => method.key === key)?.label ?? key;
  const saleDate = attempt.body.sale_date;
  const day = dayOf(saleDate, settings.localization.timezone);
  const totals = {
    gross: fromCents(pricing.grossCents),
    discount: fromCents(pricing.discountCents),
    subtotal: fromCents(pricing.subtotalCents),
    tax: fromCents(pricing.taxCents),
    service: fromCents(pricing.serviceCents),
    total: fromCents(pricing.totalCents),
  };

  const sale: Sale = {
    id: 0,
    code: number,
    so_no: number,
    sale_date: saleDate,
    business_date: day,
    customer_id: cart.customer?.id ?? null,
    customer: cart.customer,
    customer_name: cart.customer?.name ?? null,
    channel: 'POS',
    payment_method: [...new Set(payments.map((payment) => methodLabel(payment.method)))].join(' + '),
    status: outcome.covered ? 'Paid' : 'Partial',
    items_count: cart.lines.length,
    total_qty: cart.lines.reduce((sum, line) => sum + line.qty, 0),
    ...totals,
    order_discount: cart.orderDiscount ? { ...cart.orderDiscount, amount: fromCents(pricing.orderDiscountCents) } : null,
    tax_enabled: taxEnabled,
    tax_inclusive: taxes.inclusive,
    tax_rate: taxEnabled ? taxes.rate : 0,
    service_percent: servicePercent,
    total_amount: totals.total,
    net: totals.total,
    tendered: fromCents(outcome.paidCents),
    tendered_khr: payments.filter((payment) => payment.currency === 'KHR' && payment.method === 'cash').reduce((sum, payment) => sum + payment.amount, 0),
    change: fromCents(outcome.changeCents),
    change_usd: fromCents(outcome.change.usdCents),
    change_khr: outcome.change.khr,
    change_all_khr: outcome.changeAllKhr,
    khr_per_usd: rates.khrPerUsd,
    khr_change_per_usd: rates.khrChangePerUsd,
    riel_step: rates.rielStep,
    paid: fromCents(Math.min(outcome.paidCents, pricing.totalCents)),
    balance: fromCents(outcome.dueCents),
    payments: payments.map((payment, index) => ({
      id: -(index + 1),
      method: methodLabel(payment.method),
      method_key: payment.method,
      currency: payment.currency ?? 'USD',
      amount: payment.amount,
      value: fromCents(outcome.creditedCents[index] ?? 0),
      reference: payment.reference ?? null,
      khqr: payment.khqr ? { md5: payment.khqr.md5, bill_number: payment.khqr.bill_number ?? null } : null,
      kind: 'sale',
      business_date: day,
      created_at: saleDate,
    })),
    approved_by: null,
    discount_approved_by: null,
    refunded: 0,
    notes: attempt.body.notes ?? null,
    cashier,
    till,
    till_id: till?.id ?? null,
    shift_id: null,
    offline: { client_id: attempt.key, number },
    created_at: saleDate,
    items: cart.lines.map((line, index) => {
      const priced = pricing.lines[index]!;
      return {
        id: -(index + 1),
        product_id: line.productId,
        product_name: line.name,
        sku: line.sku,
        quantity: line.qty,
        unit_price: unitPriceOf(line),
        modifiers: line.modifiers.map((option) => ({ option_id: option.id, group: option.group, name: option.name, name_km: option.name_km, price: option.price })),
        note: line.note,
        discount_percent: fromBasisPoints(toBasisPoints(line.discountPercent)),
        promotion_id: null,
        line_discount: line.discount ? { ...line.discount, amount: fromCents(priced.handCents) } : null,
        discount: fromCents(priced.discountCents),
        line_total: fromCents(priced.lineTotalCents),
        refunded_qty: 0,
      };
    }),
    refunds: [],
  };
  return { body, sale, number };
}
