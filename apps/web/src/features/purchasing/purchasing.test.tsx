import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Supplier } from '@shop/contracts/supplier';
import type { Supply, SupplyItem } from '@shop/contracts/supply';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { shopToday } from '@/lib/format';

const PRODUCTS = [
  { id: 1, name: 'Mineral Water 500 ml', sku: 'SNK-001' },
  { id: 2, name: 'Butter Croissant', sku: 'BAK-001' },
];

function supplier(id: number, overrides: Partial<Supplier> = {}): Supplier {
  return {
    id,
    code: `SUP-${String(id).padStart(3, '0')}`,
    name: `Supplier ${id}`,
    contact_name: null,
    email: null,
    phone: null,
    address: null,
    city: null,
    country: null,
    active: true,
    notes: null,
    created_at: '',
    updated_at: '',
    ...overrides,
  };
}

function supply(id: number, overrides: Partial<Supply> = {}): Supply {
  return {
    id,
    supplier_id: 1,
    supplier: { id: 1, name: 'Supplier 1' },
    supplier_name: 'Supplier 1',
    invoice_id: `INV-${id}`,
    invoice_date: '2026-11-20',
    date: '2026-11-20',
    reference: null,
    payment_method: null,
    status: 'Received',
    notes: null,
    subtotal: 0,
    tax: 0,
    freight: 0,
    total: 0,
    items_count: 0,
    total_qty: 0,
    created_at: '',
    ...overrides,
  };
}

function item(id: number, overrides: Partial<SupplyItem> = {}): SupplyItem {
  const product = PRODUCTS[id % 2]!;
  return {
    id,
    supply_id: 7,
    supply: { id: 7, invoice_id: 'INV-7', supplier: { id: 1, name: 'Supplier 1' } },
    product_id: product.id,
    product_name: product.name,
    product,
    supply_quantity: 2,
    unit_price: 1.25,
    line_total: 2.5,
    expire_date: '2027-01-31',
    received_date: '2026-11-20',
    notes: null,
    remaining: 2,
    ...overrides,
  };
}

type Call = { method: string; url: URL; body: unknown };
type Handler = (call: Call) => Response | Promise<Response> | undefined;

/** Pages a list as the API does: `{ data, meta }` from `page` and `per_page`. */
function paged<T>(rows: T[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const perPage = Number(url.searchParams.get('per_page') ?? 15);
  const data = rows.slice((page - 1) * perPage, page * perPage);
  return jsonResponse(200, { data, meta: { total: rows.length, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(rows.length / perPage)) } });
}

/** A small stand-in for the purchasing API; `handler` answers first when it returns a response. */
function fakeApi(options: { suppliers?: Supplier[]; supplies?: Supply[]; items?: SupplyItem[]; role?: 'Admin' | 'Manager' | 'Staff'; handler?: Handler } = {}) {
  const suppliers = options.suppliers ?? [];
  const supplies = options.supplies ?? [];
  const items = options.items ?? [];
  const calls: Call[] = [];
  const user = { ...demoUser, role: options.role ?? 'Manager' };
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, url, body };
    calls.push(call);
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (user.role === 'Staff' && /^\/api\/(suppliers|supplies|supply-items)/.test(url.pathname)) {
      return jsonResponse(403, { message: "Forbidden — you don't have permission." });
    }
    const answer = options.handler?.(call);
    if (answer) return answer;
    if (url.pathname === '/api/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return paged(PRODUCTS.filter((p) => p.name.toLowerCase().includes(q) || p.sku.toLowerCase().includes(q)), url);
    }
    if (url.pathname === '/api/suppliers' && method === 'GET') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const active = url.searchParams.get('active');
      return paged(
        suppliers.filter((s) => s.name.toLowerCase().includes(q) && (active === null || s.active === (active === '1'))),
        url,
      );
    }
    if (url.pathname === '/api/suppliers' && method === 'POST') {
      const input = body as Partial<Supplier>;
      if (input.code === 'SUP-001') return jsonResponse(409, { message: 'A supplier with this code already exists.', errors: { code: ['A supplier with this code already exists.'] } });
      const created = supplier(100, input);
      suppliers.unshift(created);
      return jsonResponse(201, { data: created });
    }
    const supplierMatch = /^\/api\/suppliers\/(\d+)$/.exec(url.pathname);
    if (supplierMatch && method === 'DELETE') {
      suppliers.splice(suppliers.findIndex((s) => s.id === Number(supplierMatch[1])), 1);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/supplies' && method === 'GET') return paged(supplies, url);
    const supplyMatch = /^\/api\/supplies\/(\d+)$/.exec(url.pathname);
    if (supplyMatch) {
      const found = supplies.find((s) => s.id === Number(supplyMatch[1]));
      return found ? jsonResponse(200, { data: found }) : jsonResponse(404, { message: 'Supply not found.' });
    }
    if (url.pathname === '/api/supplies' && method === 'POST') return jsonResponse(201, { data: supply(99) });
    if (url.pathname === '/api/supply-items' && method === 'GET') {
      const supplyId = url.searchParams.get('supply_id');
      return paged(items.filter((i) => supplyId === null || i.supply_id === Number(supplyId)), url);
    }
    if (url.pathname === '/api/supply-items' && method === 'POST') {
      const created = item(500, body as Partial<SupplyItem>);
      items.unshift(created);
      return jsonResponse(201, { data: created });
    }
    const itemMatch = /^\/api\/supply-items\/(\d+)$/.exec(url.pathname);
    if (itemMatch && method === 'PUT') {
      const updated = item(Number(itemMatch[1]), { ...(body as Partial<SupplyItem>), line_total: 99.99 });
      items.splice(items.findIndex((i) => i.id === updated.id), 1, updated);
      return jsonResponse(200, { data: updated });
    }
    if (itemMatch && method === 'DELETE') {
      items.splice(items.findIndex((i) => i.id === Number(itemMatch[1])), 1);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { calls, suppliers, items };
}

const gets = (calls: Call[], path: string) => calls.filter((call) => call.method === 'GET' && call.url.pathname === path);
const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');
const bodyRows = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

describe('Suppliers', () => {
  it("shows 'No suppliers found.' for an empty list, ten a page", async () => {
    const { calls } = fakeApi();
    renderApp('/supplier');
    expect(await screen.findByText('No suppliers found.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search by code/name/email/phone')).toBeInTheDocument();
    expect(gets(calls, '/api/suppliers')[0]?.url.searchParams.get('per_page')).toBe('10');
  });

  it('joins city and country, badges Active/Inactive, and filters with active=1/0 from page 1', async () => {
    const { calls } = fakeApi({
      suppliers: [
        supplier(1, { city: 'Phnom Penh', country: 'Cambodia', phone: '+855 23 880 245' }),
        supplier(2, { city: 'Kampot', active: false }),
        ...Array.from({ length: 10 }, (_, i) => supplier(10 + i)),
      ],
    });
    const user = userEvent.setup();
    renderApp('/supplier');
    const first = (await screen.findByText('Supplier 1')).closest('tr')!;
    expect(within(first).getByText('Phnom Penh, Cambodia')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    const second = screen.getByText('Supplier 2').closest('tr')!;
    // Its own column on a wide screen; with nothing else to say, also the whole line under the name for a tablet.
    expect(within(second).getAllByText('Kampot')).not.toHaveLength(0);
    expect(within(second).getByText('Inactive')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(gets(calls, '/api/suppliers').at(-1)?.url.searchParams.get('page')).toBe('2'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await waitFor(() => expect(gets(calls, '/api/suppliers').at(-1)?.url.searchParams.get('active')).toBe('0'));
    expect(gets(calls, '/api/suppliers').at(-1)?.url.searchParams.get('page')).toBe('1');
    expect(await screen.findByText('Supplier 2')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await waitFor(() => expect(gets(calls, '/api/suppliers').at(-1)?.url.searchParams.get('active')).toBe('1'));
  });

  it('shows a taken code on its field and keeps the form open', async () => {
    fakeApi({ suppliers: [supplier(1)] });
    const user = userEvent.setup();
    renderApp('/supplier');
    await user.click(await screen.findByRole('button', { name: '+ Add Supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Supplier' });
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
    await user.type(within(dialog).getByLabelText('Code'), 'SUP-001');
    await user.type(within(dialog).getByLabelText('Name'), 'Copy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A supplier with this code already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Failed to create supplier: A supplier with this code already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Copy');
  });

  it('creating from page 2 goes to page 1 with the full body', async () => {
    const { calls } = fakeApi({ suppliers: Array.from({ length: 11 }, (_, i) => supplier(i + 1)) });
    const user = userEvent.setup();
    renderApp('/supplier');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11–11 of 11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add Supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Supplier' });
    await user.type(within(dialog).getByLabelText('Code'), ' SUP-200 ');
    await user.type(within(dialog).getByLabelText('Name'), 'Old Market Ice');
    await user.type(within(dialog).getByLabelText('City'), 'Phnom Penh');
    await user.click(within(dialog).getByLabelText('Active'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Supplier created')).toBeInTheDocument();
    expect(writes(calls)[0]?.body).toEqual({
      code: 'SUP-200',
      name: 'Old Market Ice',
      contact_name: null,
      email: null,
      phone: null,
      address: null,
      city: 'Phnom Penh',
      country: null,
      active: false,
      notes: null,
    });
    await waitFor(() => expect(gets(calls, '/api/suppliers').at(-1)?.url.searchParams.get('page')).toBe('1'));
    expect(await screen.findByText('Old Market Ice')).toBeInTheDocument();
  });

  it('deleting the last row of page 2 moves back to page 1', async () => {
    const { calls } = fakeApi({ suppliers: Array.from({ length: 11 }, (_, i) => supplier(i + 1)) });
    const user = userEvent.setup();
    renderApp('/supplier');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Supplier 11' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete supplier?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Supplier deleted')).toBeInTheDocument();
    await waitFor(() => expect(gets(calls, '/api/suppliers').at(-1)?.url.searchParams.get('page')).toBe('1'));
    expect(await screen.findByText('Showing 1–10 of 10')).toBeInTheDocument();
  });

  it('Staff get the calm not-for-your-role page, and the suppliers are never asked for', async () => {
    const { calls } = fakeApi({ role: 'Staff' });
    renderApp('/supplier');
    expect(await screen.findByRole('heading', { name: 'This screen is not available for your role' })).toBeInTheDocument();
    expect(screen.getByText(/It is for: Admin, Manager\./)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Suppliers' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add Supplier' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/suppliers'))).toBe(false);
  });
});

describe('Supplies list', () => {
  it('shows skeleton rows, then the columns with their fallbacks', async () => {
    const { calls } = fakeApi({
      supplies: [supply(3, { items_count: 2 }), supply(4, { invoice_id: '', invoice_date: '', supplier: { id: 9, name: '' }, supplier_name: '', supplier_id: 9 })],
    });
    renderApp('/supplies-list');
    const table = await screen.findByRole('table', { name: 'Supplies' });
    expect(table.querySelectorAll('tr[data-skeleton]')).toHaveLength(10);
    const first = (await within(table).findByText('INV-3', { selector: 'div' })).closest('tr')!;
    expect(within(first).getByText('ID: 3')).toBeInTheDocument();
    expect(within(first).getByText('Supplier 1')).toBeInTheDocument();
    expect(within(first).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(first).getByText('2')).toBeInTheDocument();
    const second = within(table).getByText('#4', { selector: 'div' }).closest('tr')!;
    expect(within(second).getByText('#9')).toBeInTheDocument();
    expect(within(second).getAllByRole('cell')[2]).toHaveTextContent('-');
    expect(gets(calls, '/api/supplies')[0]?.url.searchParams.get('per_page')).toBe('10');
    expect(screen.getByRole('link', { name: '+ New Supply' })).toHaveAttribute('href', '/supplies/create');
  });

  it('Refresh asks again; View opens the details with line totals', async () => {
    const lines = [
      { id: 1, product_id: 1, product_name: 'Mineral Water 500 ml', product: { ...PRODUCTS[0]! }, supply_quantity: 3, unit_price: 0.1, line_total: 0.3, expire_date: '2027-06-30', received_date: '2026-11-20', notes: null, remaining: 3 },
      { id: 2, product_id: 2, product_name: 'Butter Croissant', product: { ...PRODUCTS[1]! }, supply_quantity: 20, unit_price: 0.85, line_total: 17, expire_date: null, received_date: '2026-11-20', notes: null, remaining: 20 },
    ];
    // The details of supply 3 arrive only when the test says so, to see 'Loading details…' first.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const details = supply(3, { items_count: 2, items: lines });
    const { calls } = fakeApi({
      supplies: [details, supply(5)],
      handler: (call) => (call.url.pathname === '/api/supplies/3' ? held.then(() => jsonResponse(200, { data: details })) : undefined),
    });
    const user = userEvent.setup();
    renderApp('/supplies');
    await screen.findByText('INV-3', { selector: 'div' });
    const before = gets(calls, '/api/supplies').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(gets(calls, '/api/supplies')).toHaveLength(before + 1));

    await user.click(within(screen.getByText('INV-3', { selector: 'div' }).closest('tr')!).getByRole('button', { name: /^View/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Supply Details' });
    expect(within(dialog).getByText('Loading details…')).toBeInTheDocument();
    release();
    const water = (await within(dialog).findByText('Mineral Water 500 ml')).closest('tr')!;
    expect(within(water).getAllByText('$0.10')).toHaveLength(1);
    expect(within(water).getByText('$0.30')).toBeInTheDocument();
    expect(within(water).getByText('2027-06-30')).toBeInTheDocument();
    const croissant = within(dialog).getByText('Butter Croissant').closest('tr')!;
    expect(within(croissant).getByText('$17.00')).toBeInTheDocument();
    expect(within(dialog).getByText('$17.30')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(screen.getByText('INV-5', { selector: 'div' }).closest('tr')!).getByRole('button', { name: /^View/ }));
    expect(await screen.findByText('No items in this supply.')).toBeInTheDocument();
  });
});

// These walk a whole form through many steps (each picker waits out its 300 ms search debounce):
// a busy machine needs more than the default 5 s.
const LONG_FLOW = { timeout: 20_000 };

describe('Create Supply', LONG_FLOW, () => {
  async function openForm() {
    const api = fakeApi({ suppliers: [supplier(1, { name: 'Mondulkiri Coffee Roasters' })] });
    const user = userEvent.setup();
    const view = renderApp('/supplies/create');
    const supplierSelect = await screen.findByLabelText('Supplier');
    await within(supplierSelect).findByRole('option', { name: /Mondulkiri/ });
    return { ...api, ...view, user, supplierSelect };
  }

  async function pickProduct(user: ReturnType<typeof userEvent.setup>, line: number, name: RegExp) {
    await user.click(screen.getByRole('combobox', { name: `Product (line ${line})` }));
    await user.click(await screen.findByRole('option', { name }));
  }

  /** The message is shown, under its field. */
  async function expectRefusal(user: ReturnType<typeof userEvent.setup>, message: string) {
    await user.click(screen.getByRole('button', { name: 'Save Supply' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  }

  it('shows every message at once, each on its field, clears each as it is fixed, and sends nothing', async () => {
    const { calls, user, supplierSelect } = await openForm();
    expect(screen.getByLabelText('Invoice Date')).toHaveValue(shopToday());
    expect(screen.getAllByRole('combobox', { name: /^Product \(line/ })).toHaveLength(1);

    await user.clear(screen.getByLabelText('Invoice Date'));
    await user.clear(screen.getByLabelText('Qty (line 1)'));
    await user.type(screen.getByLabelText('Qty (line 1)'), '1000000000');
    await user.type(screen.getByLabelText('Unit Price (line 1)'), '-1');
    await user.click(screen.getByRole('button', { name: 'Save Supply' }));
    const expected = {
      Supplier: 'Please choose a supplier.',
      'Invoice ID': 'Invoice ID is required.',
      'Invoice Date': 'Invoice date is required.',
      'Product (line 1)': 'Each line must have a product.',
      'Qty (line 1)': 'Quantity is too large.',
      'Unit Price (line 1)': 'Unit price must be ≥ 0.',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = await screen.findByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    // Focus goes to the first field to fix.
    expect(supplierSelect).toHaveFocus();

    // Each message goes as soon as its field is right; the others stay.
    await user.selectOptions(supplierSelect, '1');
    expect(screen.queryByText('Please choose a supplier.')).not.toBeInTheDocument();
    expect(supplierSelect).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('Qty (line 1)'));
    await user.type(screen.getByLabelText('Qty (line 1)'), '0');
    expect(screen.getByLabelText('Qty (line 1)')).toHaveAccessibleDescription('Quantity must be > 0.');
    await user.type(screen.getByLabelText('Qty (line 1)'), '{Backspace}2');
    expect(screen.queryByText(/^Quantity/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Invoice Date'), '2026-11-20');
    expect(screen.queryByText('Invoice date is required.')).not.toBeInTheDocument();
    expect(screen.getByText('Invoice ID is required.')).toBeInTheDocument();
    expect(screen.getByText('Unit price must be ≥ 0.')).toBeInTheDocument();

    // Without a line, the message sits by Add Line, which takes focus.
    await user.type(screen.getByLabelText('Invoice ID'), 'MR-1');
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    await expectRefusal(user, 'Please add at least one item.');
    expect(screen.getByRole('button', { name: 'Add Line' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add Line' })).toHaveAccessibleDescription('Please add at least one item.');
    expect(writes(calls)).toEqual([]);
  });

  it('checks every line in turn: a later line without a product is refused', async () => {
    const { calls, user, supplierSelect } = await openForm();
    await user.selectOptions(supplierSelect, '1');
    await user.type(screen.getByLabelText('Invoice ID'), 'MR-1');
    await pickProduct(user, 1, /Mineral Water/);
    await user.type(screen.getByLabelText('Unit Price (line 1)'), '0.2');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await expectRefusal(user, 'Each line must have a product.');
    expect(screen.getByRole('combobox', { name: 'Product (line 2)' })).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);
  });

  it('sends one POST /supplies with every line, updates the subtotal, then lands on /supplies', async () => {
    const { calls, user, supplierSelect, router } = await openForm();
    await user.selectOptions(supplierSelect, '1');
    await user.type(screen.getByLabelText('Invoice ID'), ' MR-2026-001 ');
    await pickProduct(user, 1, /Mineral Water/);
    await user.clear(screen.getByLabelText('Qty (line 1)'));
    await user.type(screen.getByLabelText('Qty (line 1)'), '48');
    await user.type(screen.getByLabelText('Unit Price (line 1)'), '0.2');
    await user.type(screen.getByLabelText('Expire (line 1)'), '2027-06-30');
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('$9.60');

    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await pickProduct(user, 2, /Croissant/);
    await user.clear(screen.getByLabelText('Qty (line 2)'));
    await user.type(screen.getByLabelText('Qty (line 2)'), '20');
    await user.type(screen.getByLabelText('Unit Price (line 2)'), '0.85');
    await user.type(screen.getByLabelText('Received (line 2)'), '2026-11-21');
    await user.type(screen.getByLabelText('Notes (line 2)'), 'morning delivery');
    expect(screen.getByText('Subtotal').nextElementSibling).toHaveTextContent('$26.60');

    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    expect(screen.getAllByRole('combobox', { name: /^Product \(line/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove line 3' }));
    // Removing a line keeps the others as they were.
    expect(screen.getByRole('combobox', { name: 'Product (line 2)' })).toHaveValue('Butter Croissant');

    await user.click(screen.getByRole('button', { name: 'Save Supply' }));
    expect(await screen.findByText('✅ Supply created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/supplies'));
    expect(writes(calls).map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['POST /api/supplies']);
    expect(writes(calls)[0]?.body).toEqual({
      supplier_id: 1,
      invoice_id: 'MR-2026-001',
      invoice_date: shopToday(),
      items: [
        { product_id: 1, supply_quantity: 48, unit_price: 0.2, expire_date: '2027-06-30', received_date: null, notes: null },
        { product_id: 2, supply_quantity: 20, unit_price: 0.85, expire_date: null, received_date: '2026-11-21', notes: 'morning delivery' },
      ],
    });
  });

  it('Cancel goes back where the user came from, or to the list when opened directly', async () => {
    fakeApi({ supplies: [supply(3)] });
    const user = userEvent.setup();
    const fromList = renderApp('/supplies');
    await user.click(await screen.findByRole('link', { name: '+ New Supply' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(fromList.router.state.location.pathname).toBe('/supplies'));
    expect(fromList.router.state.historyAction).toBe('POP');
    fromList.unmount();

    const direct = renderApp('/supplies/create');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(direct.router.state.location.pathname).toBe('/supplies'));
    expect(direct.router.state.historyAction).toBe('PUSH');
  });

  it('shows a taken invoice ID on its field, toasts the reason and keeps what was typed', async () => {
    const message = 'This supplier already has a supply with this invoice ID.';
    const api = fakeApi({
      suppliers: [supplier(1)],
      handler: (call) =>
        call.method === 'POST' && call.url.pathname === '/api/supplies' ? jsonResponse(409, { message, errors: { invoice_id: [message] } }) : undefined,
    });
    const user = userEvent.setup();
    const { router } = renderApp('/supplies/create');
    const supplierSelect = await screen.findByLabelText('Supplier');
    await within(supplierSelect).findByRole('option', { name: /Supplier 1/ });
    await user.selectOptions(supplierSelect, '1');
    await user.type(screen.getByLabelText('Invoice ID'), 'INV-7');
    await pickProduct(user, 1, /Croissant/);
    await user.type(screen.getByLabelText('Unit Price (line 1)'), '1');
    await user.click(screen.getByRole('button', { name: 'Save Supply' }));

    expect(await screen.findByText(`Failed to create supply: ${message}`, { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
    const invoice = screen.getByLabelText('Invoice ID');
    expect(invoice).toHaveAttribute('aria-invalid', 'true');
    expect(invoice).toHaveAccessibleDescription(message);
    expect(invoice).toHaveValue('INV-7');
    expect(screen.getByRole('combobox', { name: 'Product (line 1)' })).toHaveValue('Butter Croissant');
    expect(router.state.location.pathname).toBe('/supplies/create');
    expect(screen.getByRole('button', { name: 'Save Supply' })).toBeEnabled();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('Supply Items', LONG_FLOW, () => {
  const eleven = () => Array.from({ length: 11 }, (_, i) => item(11 - i));

  it('refuses a missing Supply ID or Product ID with the alert, and sends numbers and null', async () => {
    const { calls } = fakeApi({ items: [item(1)] });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    await user.click(await screen.findByRole('button', { name: '+ Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Supply Item' });
    for (const label of ['Supply ID', 'Product ID', 'Quantity', 'Unit Price']) expect(within(dialog).getByLabelText(label)).toBeRequired();
    await user.type(within(dialog).getByLabelText('Supply ID'), '7');
    await user.type(within(dialog).getByLabelText('Unit Price'), '1.4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Supply ID and Product ID are required');
    expect(within(dialog).getByLabelText('Product ID')).toHaveAttribute('aria-invalid', 'true');
    expect(writes(calls)).toEqual([]);

    await user.type(within(dialog).getByLabelText('Product ID'), '2');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item created successfully')).toBeInTheDocument();
    expect(writes(calls)[0]?.body).toEqual({ supply_id: 7, product_id: 2, supply_quantity: 6, unit_price: 1.4, expire_date: null });
  });

  it('a create on page 1 puts the item first, keeps ten rows and raises the total without reloading', async () => {
    const { calls } = fakeApi({ items: eleven() });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    expect(await screen.findByText('Showing 1–10 of 11')).toBeInTheDocument();
    const loads = gets(calls, '/api/supply-items').length;
    await user.click(screen.getByRole('button', { name: '+ Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Supply Item' });
    await user.type(within(dialog).getByLabelText('Supply ID'), '7');
    await user.type(within(dialog).getByLabelText('Product ID'), '1');
    await user.type(within(dialog).getByLabelText('Unit Price'), '2');
    await user.type(within(dialog).getByLabelText('Expire Date'), '2027-02-01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(bodyRows('Supply Items')[0]!).getAllByRole('cell')[0]).toHaveTextContent('500');
    expect(bodyRows('Supply Items')).toHaveLength(10);
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    expect(gets(calls, '/api/supply-items')).toHaveLength(loads);
  });

  it('a create from page 2 goes to page 1', async () => {
    const { calls } = fakeApi({ items: eleven() });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Showing 11–11 of 11')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '+ Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Supply Item' });
    await user.type(within(dialog).getByLabelText('Supply ID'), '7');
    await user.type(within(dialog).getByLabelText('Product ID'), '1');
    await user.type(within(dialog).getByLabelText('Unit Price'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(gets(calls, '/api/supply-items').at(-1)?.url.searchParams.get('page')).toBe('1'));
    expect(await screen.findByText('Showing 1–10 of 12')).toBeInTheDocument();
  });

  it('an edit closes the form and puts the server’s version in the row', async () => {
    fakeApi({ items: [item(2), item(1)] });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    await user.click(await screen.findByRole('button', { name: 'Edit Item #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Item #1' });
    expect(within(dialog).getByLabelText('Supply ID')).toHaveValue(7);
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Unit Price')).toHaveValue(1.25);
    expect(within(dialog).getByLabelText('Expire Date')).toHaveValue('2027-01-31');
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = bodyRows('Supply Items')[1]!;
    expect(within(row).getByText('$99.99')).toBeInTheDocument();
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent('4');
  });

  it('a delete removes the row and lowers the total', async () => {
    fakeApi({ items: eleven() });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    await user.click(await screen.findByRole('button', { name: 'Delete item #11' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete item?' });
    expect(confirm).toHaveTextContent('This will permanently remove the item.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete item #11' })).not.toBeInTheDocument();
    expect(await screen.findByText('Showing 1–10 of 10')).toBeInTheDocument();
  });

  it('deleting the only row of page 2 shows page 1', async () => {
    const { calls } = fakeApi({ items: eleven() });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete item #1' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete item?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(gets(calls, '/api/supply-items').at(-1)?.url.searchParams.get('page')).toBe('1'));
    expect(await screen.findByText('Showing 1–10 of 10')).toBeInTheDocument();
  });

  it("a refused delete says why (a batch already sold from)", async () => {
    const message = 'Only 2 of this batch are left: 3 units have already been sold or written off.';
    fakeApi({ items: [item(1)], handler: (call) => (call.method === 'DELETE' ? jsonResponse(409, { message }) : undefined) });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    await user.click(await screen.findByRole('button', { name: 'Delete item #1' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete item?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`Failed to delete item: ${message}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete item #1' })).toBeInTheDocument();
  });

  it('filters by Supply ID from page 1, leaving empty filters out', async () => {
    const { calls } = fakeApi({ items: [...eleven(), item(30, { supply_id: 8, supply: { id: 8, invoice_id: '', supplier: { id: 2, name: 'Golden Bakery' } } })] });
    const user = userEvent.setup();
    renderApp('/supplies-item');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(gets(calls, '/api/supply-items').at(-1)?.url.searchParams.get('page')).toBe('2'));
    const first = gets(calls, '/api/supply-items')[0]!.url.searchParams;
    expect(first.has('supply_id')).toBe(false);
    expect(first.has('product_id')).toBe(false);
    expect(first.get('per_page')).toBe('10');

    await user.type(screen.getByLabelText('Supply ID'), '8');
    await waitFor(() => expect(gets(calls, '/api/supply-items').at(-1)?.url.searchParams.get('supply_id')).toBe('8'));
    expect(gets(calls, '/api/supply-items').at(-1)?.url.searchParams.get('page')).toBe('1');
    const row = (await screen.findByText('#8')).closest('tr')!;
    expect(within(row).getByText('Golden Bakery')).toBeInTheDocument();
    expect(within(row).getByText('$1.25')).toBeInTheDocument();
  });

  it('Staff get the calm not-for-your-role page, and the supply items are never asked for', async () => {
    const { calls } = fakeApi({ role: 'Staff' });
    renderApp('/supplies-item');
    expect(await screen.findByRole('heading', { name: 'This screen is not available for your role' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Supply Items' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '+ Add Item' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.pathname.startsWith('/api/supply-items'))).toBe(false);
  });
});
