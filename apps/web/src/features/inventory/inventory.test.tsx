import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ExpiringBatch, StockRecord } from '@shop/contracts/stock';
import { setSession } from '@/features/auth/session-store';
import { shopToday } from '@/lib/format';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

type Role = 'Admin' | 'Manager' | 'Staff';
type Call = { method: string; url: URL; body: unknown };
type Reply = { status: number; body: unknown };

const PRODUCTS = [
  { id: 3, name: 'Butter Croissant', sku: 'BAK-001', track_stock: true, stock: 12 },
  { id: 9, name: 'Roasted Cashews', sku: 'SNK-004', track_stock: true, stock: 5 },
];

function record(id: number, overrides: Partial<StockRecord> = {}): StockRecord {
  return {
    id,
    product_id: 3,
    product_name: 'Butter Croissant',
    product_sku: 'BAK-001',
    quantity: 30,
    remaining: 30,
    price_in: 0.85,
    received_date: '2025-03-02',
    expire_date: null,
    notes: null,
    source: 'supply',
    supply_id: 1,
    created_at: '2025-03-02T01:00:00.000Z',
    ...overrides,
  };
}

function batch(id: number, daysLeft: number, overrides: Partial<ExpiringBatch> = {}): ExpiringBatch {
  return {
    batch_id: id,
    product: { id: 9, name: 'Roasted Cashews', sku: 'SNK-004' },
    received_date: '2025-01-20',
    expire_date: '2025-03-01',
    days_left: daysLeft,
    remaining: 5,
    unit_cost: 1.25,
    value: 6.25,
    expired: daysLeft < 0,
    ...overrides,
  };
}

const meta = (total: number, perPage: number, page = 1) => ({
  total,
  per_page: perPage,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / perPage)),
});

type FakeOptions = {
  role?: Role;
  records?: StockRecord[];
  /** meta.totals the server reports over the whole filtered set. */
  totals?: { quantity: number; average_price_in?: number; value?: number };
  /** Pages past the first exist (total > per_page). */
  total?: number;
  stocksReply?: Reply;
  batches?: ExpiringBatch[];
  adjustmentReply?: Reply;
};

function fakeApi(options: FakeOptions = {}) {
  const user = { ...demoUser, role: options.role ?? 'Manager' };
  const calls: Call[] = [];
  let records = options.records ?? [];
  let batches = options.batches ?? [];
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const data = PRODUCTS.filter((p) => p.name.toLowerCase().includes(q) || p.sku.toLowerCase().includes(q));
      return jsonResponse(200, { data, meta: meta(data.length, 200) });
    }
    if (url.pathname === '/api/stocks' && method === 'GET') {
      if (options.stocksReply) return jsonResponse(options.stocksReply.status, options.stocksReply.body);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const data = records.filter((r) => !q || r.product_name.toLowerCase().includes(q) || (r.notes ?? '').toLowerCase().includes(q));
      const totals = options.totals ?? { quantity: 0, average_price_in: 0, value: 0 };
      return jsonResponse(200, { data, meta: { ...meta(options.total ?? data.length, 10), totals } });
    }
    if (url.pathname === '/api/stocks' && method === 'POST') {
      const input = body as { product_id: number; quantity: number; price_in: number; received_date: string; notes: string | null };
      const product = PRODUCTS.find((p) => p.id === input.product_id)!;
      const created = record(77, { ...input, product_name: product.name, product_sku: product.sku, remaining: input.quantity, source: 'manual', supply_id: null });
      records = [created, ...records];
      return jsonResponse(201, { data: created });
    }
    if (url.pathname === '/api/stock-adjustments') {
      if (options.adjustmentReply) return jsonResponse(options.adjustmentReply.status, options.adjustmentReply.body);
      const input = body as { product_id: number; quantity: number; batch_id: number | null };
      if (input.batch_id) batches = batches.filter((b) => b.batch_id !== input.batch_id);
      const onHand = (PRODUCTS.find((p) => p.id === input.product_id)?.stock ?? 0) + input.quantity;
      return jsonResponse(201, { data: { id: 1, ...input, on_hand: onHand, business_date: '2025-03-04', created_at: '' } });
    }
    if (url.pathname === '/api/expiring-batches') {
      const days = Number(url.searchParams.get('days'));
      const data = batches.filter((b) => b.days_left <= days);
      return jsonResponse(200, { data, meta: { ...meta(data.length, 10), today: '2025-03-04' } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return {
    calls,
    last: (path: string, method = 'GET') => calls.filter((call) => call.url.pathname === path && call.method === method).at(-1),
  };
}

// The form tests type a good deal; on a busy machine they need more than the default 5 s.
const SLOW = { timeout: 20_000 };

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent ?? '');

describe('Stock Inventory', SLOW, () => {
  it('lists receipts with product and SKU, money and dates, and the totals of the whole search in the footer', async () => {
    const api = fakeApi({
      records: [
        record(12, { notes: 'Morning delivery' }),
        record(5, { product_id: 9, product_name: 'Roasted Cashews', product_sku: 'SNK-004', quantity: 5, remaining: 2, price_in: 1.25, received_date: '', created_at: '2025-01-20T03:00:00.000Z' }),
      ],
      // Not the sums of the rows on screen: the server's totals over every matching record.
      totals: { quantity: 412, average_price_in: 0.93, value: 1234.5 },
      total: 31,
    });
    renderApp('/inventory');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock Inventory' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Stock records' });
    const croissant = (await within(table).findByText('Morning delivery')).closest('tr')!;
    expect(within(croissant).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12', 'Butter CroissantBAK-001', '30', '$0.85', '2025-03-02', 'Morning delivery']);
    const cashews = within(table).getByText('Roasted Cashews').closest('tr')!;
    // No received date: the date it was recorded; no notes: '-'; part of it has left the shop.
    expect(within(cashews).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['5', 'Roasted CashewsSNK-004', '52 left', '$1.25', '2025-01-20', '-']);

    const footer = table.querySelector('tfoot')!;
    expect(within(footer).getByText('Totals')).toBeInTheDocument();
    expect(within(footer).getByText('Total quantity').nextSibling).toHaveTextContent('412');
    expect(within(footer).getByText('Average price in').nextSibling).toHaveTextContent('$0.93');
    expect(within(footer).getByText('Total value').nextSibling).toHaveTextContent('$1,234.50');

    expect(api.last('/api/stocks')?.url.searchParams.get('per_page')).toBe('10');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 31')).toBeInTheDocument();
  });

  it('searches notes, product name or ID from page 1 after the debounce, and refreshes on demand', async () => {
    const api = fakeApi({ records: [record(12), record(13, { notes: 'Market purchase' })], total: 25 });
    const user = userEvent.setup();
    renderApp('/inventory');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.last('/api/stocks')?.url.searchParams.get('page')).toBe('2'));
    await user.type(screen.getByPlaceholderText('Search by notes, product name or ID'), 'market');
    await waitFor(() => expect(api.last('/api/stocks')?.url.searchParams.get('q')).toBe('market'));
    expect(api.last('/api/stocks')?.url.searchParams.get('page')).toBe('1');
    // Only the debounced text went out, never a request per keystroke.
    expect(api.calls.filter((call) => call.url.pathname === '/api/stocks' && call.url.searchParams.has('q'))).toHaveLength(1);

    const before = api.calls.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(before));
    expect(api.last('/api/stocks')?.url.searchParams.get('q')).toBe('market');
  });

  it("says 'No stock records found.' and shows no totals for an empty list", async () => {
    fakeApi({ records: [] });
    renderApp('/inventory');
    expect(await screen.findByText('No stock records found.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Stock records' }).querySelector('tfoot')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it("a failed load toasts 'Failed to load stock data' and shows a red banner that retries", async () => {
    const api = fakeApi({ stocksReply: { status: 422, body: { message: 'Search text is too long.' } } });
    const user = userEvent.setup();
    renderApp('/inventory');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load stock data: Search text is too long.');
    await waitFor(() => expect(toasts()).toContain('Failed to load stock data: Search text is too long.'));
    const before = api.calls.length;
    await user.click(within(banner).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(before));
  });

  it('offers Staff no Adjust stock or Add stock', async () => {
    fakeApi({ role: 'Staff', records: [record(12)] });
    renderApp('/inventory');
    expect(await screen.findByText('Butter Croissant')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adjust stock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add stock' })).not.toBeInTheDocument();
  });

  it('shows Staff quantities only: no Price In column and no value in the totals', async () => {
    fakeApi({ role: 'Staff', records: [record(12)], totals: { quantity: 20 } });
    renderApp('/inventory');
    expect(await screen.findByText('Butter Croissant')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Quantity' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Price In' })).not.toBeInTheDocument();
    expect(screen.queryByText('Total value')).not.toBeInTheDocument();
    expect(screen.queryByText('Average price in')).not.toBeInTheDocument();
  });

  it('adjusts stock: checks the form, shows on-hand before and after, and posts a signed ledger row with its reason', async () => {
    const api = fakeApi({ records: [record(12)] });
    const user = userEvent.setup();
    renderApp('/inventory');
    await user.click(await screen.findByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    const submit = within(dialog).getByRole('button', { name: 'Adjust stock' });
    await user.click(submit);
    expect(await within(dialog).findByText('Please select a product.')).toBeInTheDocument();
    expect(within(dialog).getByText('Quantity must be a number.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a reason.')).toBeInTheDocument();

    const picker = within(dialog).getByRole('combobox', { name: 'Product' });
    await user.type(picker, 'croiss');
    await user.click(await within(dialog).findByRole('option', { name: /Butter Croissant/ }));
    expect(within(dialog).getByText('On hand: 12')).toBeInTheDocument();
    expect(api.last('/api/products')?.url.searchParams.get('include')).toBe('stock');

    const quantity = within(dialog).getByLabelText('Quantity change');
    await user.type(quantity, '0');
    await user.click(submit);
    expect(await within(dialog).findByText('Quantity cannot be 0.')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '-2');
    expect(within(dialog).getByText('On hand after: 10')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Waste');
    await user.type(within(dialog).getByLabelText('Notes'), ' Dropped tray ');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(submit);
    await waitFor(() => expect(toasts()).toContain('Stock adjusted: Butter Croissant now has 10 on hand'));
    expect(api.last('/api/stock-adjustments', 'POST')?.body).toEqual({ product_id: 3, quantity: -2, reason: 'waste', batch_id: null, notes: 'Dropped tray' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("takes '+3' as three found, and keeps the form as typed when the server refuses", async () => {
    const api = fakeApi({
      records: [record(12)],
      adjustmentReply: { status: 409, body: { message: 'Only 5 of Roasted Cashews on hand; cannot take out 9.' } },
    });
    const user = userEvent.setup();
    renderApp('/inventory');
    await user.click(await screen.findByRole('button', { name: 'Adjust stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Product' }), 'cashew');
    await user.click(await within(dialog).findByRole('option', { name: /Roasted Cashews/ }));
    const quantity = within(dialog).getByLabelText('Quantity change');
    await user.type(quantity, '+3');
    expect(within(dialog).getByText('On hand after: 8')).toBeInTheDocument();
    await user.clear(quantity);
    await user.type(quantity, '-9');
    expect(within(dialog).getByText('On hand after: -4')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Count correction');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));

    expect(await within(dialog).findByText('Only 5 of Roasted Cashews on hand; cannot take out 9.')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(toasts()).toContain('Failed to adjust stock: Only 5 of Roasted Cashews on hand; cannot take out 9.'));
    expect(api.last('/api/stock-adjustments', 'POST')?.body).toMatchObject({ product_id: 9, quantity: -9, reason: 'count' });
    expect(screen.getByRole('dialog', { name: 'Adjust stock' })).toBeInTheDocument();
    expect(quantity).toHaveValue('-9');
    expect(within(dialog).getByRole('combobox', { name: 'Product' })).toHaveValue('Roasted Cashews');
  });

  it('adds a manual receipt dated today by default, then shows the list from page 1 with it first', async () => {
    const api = fakeApi({ records: [record(12)], total: 25 });
    const user = userEvent.setup();
    renderApp('/inventory');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(api.last('/api/stocks')?.url.searchParams.get('page')).toBe('2'));
    await user.click(screen.getByRole('button', { name: 'Add stock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add stock' });
    expect(within(dialog).getByLabelText('Received Date')).toHaveValue(shopToday(new Date()));
    await user.type(within(dialog).getByLabelText('Quantity'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Quantity must be > 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Price in is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: 'Product' }), 'cashew');
    await user.click(await within(dialog).findByRole('option', { name: /Roasted Cashews/ }));
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '6');
    await user.type(within(dialog).getByLabelText('Price In ($)'), '1.4');
    await user.type(within(dialog).getByLabelText('Expiry date (optional)'), '2099-01-31');
    await user.type(within(dialog).getByLabelText('Notes'), 'Market run');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts()).toContain('Stock added: 6 × Roasted Cashews'));
    expect(api.last('/api/stocks', 'POST')?.body).toEqual({
      product_id: 9,
      quantity: 6,
      price_in: 1.4,
      received_date: shopToday(new Date()),
      expire_date: '2099-01-31',
      notes: 'Market run',
    });
    await waitFor(() => expect(api.last('/api/stocks')?.url.searchParams.get('page')).toBe('1'));
    const first = (await screen.findByText('Market run')).closest('tr')!;
    expect(first).toBe(within(screen.getByRole('table', { name: 'Stock records' })).getAllByRole('row')[1]);
  });
});

describe('Expiring Products', SLOW, () => {
  const BATCHES = [
    batch(41, -3),
    batch(42, 0, { product: { id: 3, name: 'Butter Croissant', sku: 'BAK-001' }, remaining: 30, value: 25.5, unit_cost: 0.85 }),
    batch(43, 10, { product: { id: 5, name: 'Fresh Coconut', sku: 'JUI-005' }, remaining: 40, value: 24, unit_cost: 0.6 }),
  ];

  it('lists batches expiring within 30 days by default; expired ones are red and say so', async () => {
    const api = fakeApi({ batches: BATCHES });
    renderApp('/expire-product');
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiring Products' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Expiring batches' });
    const expired = (await within(table).findByText('Roasted Cashews')).closest('tr')!;
    expect(within(expired).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Roasted CashewsSNK-004',
      '#41Received 2025-01-20',
      '2025-03-01',
      'Expired 3 days ago',
      '5',
      '$6.25$1.25 each',
      'Write off',
    ]);
    expect(expired.className).toMatch(/bg-red/);
    const today = within(table).getByText('Butter Croissant').closest('tr')!;
    expect(within(today).getByText('Today')).toBeInTheDocument();
    expect(today.className).not.toMatch(/bg-red/);
    expect(within(today).queryByRole('button', { name: /^Write off/ })).not.toBeInTheDocument();
    expect(within(within(table).getByText('Fresh Coconut').closest('tr')!).getByText('10 days')).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: '30 days' })).toBeChecked();
    const request = api.last('/api/expiring-batches')!.url.searchParams;
    expect([request.get('days'), request.get('page'), request.get('per_page')]).toEqual(['30', '1', '10']);
  });

  it('switches the window to 7 or 90 days, with an empty text naming it', async () => {
    const api = fakeApi({ batches: [batch(43, 10, { product: { id: 5, name: 'Fresh Coconut', sku: 'JUI-005' } })] });
    const user = userEvent.setup();
    renderApp('/expire-product');
    expect(await screen.findByText('Fresh Coconut')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText('No batches expire within 7 days.')).toBeInTheDocument();
    expect(api.last('/api/expiring-batches')?.url.searchParams.get('days')).toBe('7');
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    expect(await screen.findByText('Fresh Coconut')).toBeInTheDocument();
    expect(api.last('/api/expiring-batches')?.url.searchParams.get('days')).toBe('90');
  });

  it('writes an expired batch off after a confirmation naming product, batch and quantity; the row goes', async () => {
    const api = fakeApi({ batches: BATCHES });
    const user = userEvent.setup();
    renderApp('/expire-product');
    await user.click(await screen.findByRole('button', { name: 'Write off batch #41 of Roasted Cashews' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Write off expired stock?' });
    expect(confirm).toHaveTextContent('Roasted Cashews (SNK-004), batch #41: 5 left');
    await user.click(within(confirm).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(toasts()).toContain('Written off: 5 × Roasted Cashews'));
    expect(api.last('/api/stock-adjustments', 'POST')?.body).toEqual({ product_id: 9, quantity: -5, reason: 'expired', batch_id: 41, notes: null });
    await waitFor(() => expect(screen.queryByText('Roasted Cashews')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('Butter Croissant')).toBeInTheDocument();
  });

  it('offers Staff no write-off', async () => {
    fakeApi({ role: 'Staff', batches: BATCHES });
    renderApp('/expire-product');
    expect(await screen.findByText('Expired 3 days ago')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Write off/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    // Quantities, not what they cost.
    expect(screen.getByRole('columnheader', { name: 'Remaining qty' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Value at cost' })).not.toBeInTheDocument();
  });
});
