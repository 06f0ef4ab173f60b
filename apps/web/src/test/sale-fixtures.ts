import type { Sale, SaleItem } from '@shop/contracts/sale';
import { DEFAULT_SETTINGS, type Settings } from '@shop/contracts/settings';

export function saleItem(overrides: Partial<SaleItem> = {}): SaleItem {
  return {
    id: 11,
    product_id: 5,
    product_name: 'Cafe Latte',
    sku: 'COF-005',
    quantity: 2,
    unit_price: 2.5,
    modifiers: [],
    note: null,
    line_discount: null,
    discount_percent: 20,
    promotion_id: 1,
    discount: 1,
    line_total: 4,
    refunded_qty: 0,
    ...overrides,
  };
}

/** A cash sale as GET /sales/{id} answers it: 2 lattes (20% off) and 3 croissants, tax 10%. */
export function saleFixture(overrides: Partial<Sale> = {}): Sale {
  const sale: Sale = {
    id: 7,
    code: 'SO-000007',
    so_no: 'SO-000007',
    sale_date: '2026-11-21T03:05:00.000Z',
    business_date: '2026-11-21',
    customer_id: null,
    customer: null,
    customer_name: null,
    channel: 'POS',
    payment_method: 'Cash',
    status: 'Paid',
    items_count: 2,
    total_qty: 5,
    gross: 10.4,
    discount: 1,
    order_discount: null,
    subtotal: 9.4,
    tax_enabled: true,
    tax_inclusive: false,
    tax_rate: 10,
    tax: 0.94,
    service_percent: 0,
    service: 0,
    total: 10.34,
    total_amount: 10.34,
    net: 10.34,
    tendered: 20,
    tendered_khr: 0,
    change: 9.66,
    change_usd: 9,
    change_khr: 2600,
    change_all_khr: 38600,
    khr_per_usd: 4000,
    khr_change_per_usd: 4000,
    riel_step: 100,
    paid: 10.34,
    balance: 0,
    payments: [{ id: 1, method: 'Cash', method_key: 'cash', currency: 'USD', amount: 20, value: 20, reference: null, khqr: null, kind: 'sale', business_date: '2026-11-21', created_at: '2026-11-21T03:05:00.000Z' }],
    approved_by: null,
    discount_approved_by: null,
    refunded: 0,
    notes: null,
    cashier: { id: 3, name: 'Staff Demo' },
    till: null,
    till_id: null,
    shift_id: null,
    offline: null,
    created_at: '2026-11-21T03:05:00.000Z',
    items: [
      saleItem(),
      saleItem({ id: 12, product_id: 9, product_name: 'Butter Croissant', sku: 'BAK-001', quantity: 3, unit_price: 1.8, discount_percent: 0, promotion_id: null, discount: 0, line_total: 5.4 }),
    ],
    refunds: [],
    ...overrides,
  };
  // Paid as its method says, unless the test gives the payments.
  const method = sale.payment_method;
  return overrides.payments ? sale : { ...sale, payments: [{ ...sale.payments[0]!, method, method_key: method.toLowerCase(), amount: sale.tendered, value: sale.tendered }] };
}

export function settingsFixture(overrides: { general?: Partial<Settings['general']>; receipts?: Partial<Settings['receipts']> } = {}): Settings {
  return {
    ...DEFAULT_SETTINGS,
    general: { ...DEFAULT_SETTINGS.general, name: 'Mekong Bean Café', address: '12 Street 240, Phnom Penh', phone: '+855 12 345 678', ...overrides.general },
    receipts: { ...DEFAULT_SETTINGS.receipts, header: 'Wi-Fi: mekongbean', footer: 'Thank you! Come again.', ...overrides.receipts },
  };
}
