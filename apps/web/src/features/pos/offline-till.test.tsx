import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { clearCart, getCart } from './cart-store';

/*
 * The till with no server (docs/decisions/0016-offline-selling.md): the customers and open orders
 * it read while it had one are still there, the customers to pick, the orders to look at only.
 */

const CATALOG = {
  version: 1,
  full: true,
  removed: [],
  today: '2026-11-21',
  modifier_groups: [],
  categories: [{ id: 1, name: 'Bakery' }],
  products: [{ id: 1, name: 'Butter Croissant', sku: 'BAK-001', barcode: null, price: 1.8, category_id: 1, image: null, track_stock: false, stock: 0, expired: 0, discount_percent: 0, promotion: null, modifier_group_ids: [] }],
};

const customer = (id: number, name: string, phone: string | null) => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone,
  company: null,
  avatar: null,
  balance_owing: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const CUSTOMERS = [customer(1, 'Sokha Chan', '+855 12 345 678'), customer(2, 'Dara Kim', '+855 17 222 910')];

const ORDER = {
  id: 7,
  code: 'OO-0007',
  name: null,
  table: '4',
  service: 'dine_in',
  status: 'open',
  till_id: null,
  lines: [{ id: 70, product_id: 1, product_name: 'Butter Croissant', sku: 'BAK-001', quantity: 2, unit_price: 1.8, modifiers: [], note: null, status: 'open', sale_id: null, created_at: '2026-11-21T02:00:00.000Z' }],
  open_amount: 3.6,
  sale_ids: [],
  created_by: { id: 3, name: 'Staff Demo' },
  void_reason: null,
  created_at: '2026-11-21T02:00:00.000Z',
  updated_at: '2026-11-21T02:00:00.000Z',
};

/** The server while it is there; `down()` takes it away (every call then fails as with no connection). */
function fakeServer() {
  let up = true;
  const asked: string[] = [];
  setSession('tok', { ...demoUser, role: 'Staff' });
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    asked.push(`${init.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (!up) return Promise.reject(new TypeError('Failed to fetch'));
    if (url.pathname === '/api/me') return jsonResponse(200, { data: { ...demoUser, role: 'Staff' } });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: DEFAULT_SETTINGS });
    if (url.pathname === '/api/pos/catalog') return jsonResponse(200, { data: CATALOG });
    if (url.pathname === '/api/customers') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      const data = CUSTOMERS.filter((c) => c.name.toLowerCase().includes(q));
      return jsonResponse(200, { data, meta: { current_page: 1, per_page: 8, total: data.length, last_page: 1 } });
    }
    if (url.pathname === '/api/open-orders') return jsonResponse(200, { data: [ORDER], meta: { current_page: 1, per_page: 100, total: 1, last_page: 1 } });
    return jsonResponse(404, { message: 'Not found.' });
  });
  return {
    asked,
    down() {
      up = false;
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
    },
  };
}

afterEach(() => {
  clearCart();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true });
  window.dispatchEvent(new Event('online'));
});

async function openTill() {
  const user = userEvent.setup();
  renderApp('/sale');
  await screen.findByRole('list', { name: 'Products' });
  // Read while the server is there: the open orders (their count on the button) and the picker's first page.
  const ordersButton = await screen.findByRole('button', { name: /^Open orders\s*1$/ });
  return { user, ordersButton, cart: screen.getByRole('region', { name: /Cart/ }) };
}

describe('the till with no server', () => {
  it('offers the customers it kept, matched by what is typed, and the sale carries the one picked', async () => {
    const server = fakeServer();
    const { user, cart } = await openTill();
    await waitFor(() => expect(server.asked.some((call) => call.startsWith('GET /api/customers'))).toBe(true));
    server.down();
    expect(await screen.findByTestId('till-offline')).toBeInTheDocument();

    const picker = within(cart).getByRole('combobox', { name: 'Customer' });
    await user.click(picker);
    await user.type(picker, 'dara');
    // Matched on the till once the typing settles: the server is not asked.
    await waitFor(() => expect(screen.queryByRole('option', { name: /Sokha Chan/ })).toBeNull());
    const option = screen.getByRole('option', { name: /Dara Kim/ });
    expect(within(cart).getByText('Offline: customers picked lately on this till, and the first few of the list.')).toBeInTheDocument();
    await user.click(option);
    expect(getCart().customer).toEqual({ id: 2, name: 'Dara Kim' });

    // Nobody kept matches: adding a customer is the server's.
    await user.click(picker);
    await user.type(picker, 'vuthy');
    expect(await screen.findByText('Offline: no customer kept on this till matches. Adding a customer needs the server.')).toBeInTheDocument();
  });

  it('shows the open orders it kept, to look at only: parking, adding, paying and voiding wait for the server', async () => {
    const server = fakeServer();
    const { user, ordersButton, cart } = await openTill();
    await user.click(within(screen.getByRole('list', { name: 'Products' })).getByRole('button', { name: /Butter Croissant/ }));
    server.down();
    expect(await screen.findByTestId('till-offline')).toBeInTheDocument();
    // The cart can still be sold, not parked.
    expect(within(cart).getByRole('button', { name: 'Park order' })).toBeDisabled();
    expect(within(cart).getByRole('button', { name: /^Pay / })).toBeEnabled();

    await user.click(ordersButton);
    const dialog = await screen.findByRole('dialog', { name: 'Open orders' });
    expect(within(dialog).getByTestId('open-orders-offline')).toHaveTextContent(/Offline: the open orders as this till last saw them, at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\. Parking, adding to, paying and voiding them need the server\./);
    await user.click(within(dialog).getByRole('button', { name: /Table 4/ }));
    const details = await screen.findByRole('dialog', { name: 'Table 4 · OO-0007' });
    expect(within(details).getByText('Offline: adding to, paying and voiding this order need the server. It is kept on the server as it is.')).toBeInTheDocument();
    for (const name of ['Void order', 'Add items', /^Pay all/]) expect(within(details).getByRole('button', { name })).toBeDisabled();
  });

  it('says the open orders were not kept when it never read them, rather than waiting for ever', async () => {
    const server = fakeServer();
    server.down();
    const user = userEvent.setup();
    // Signed in, the console kept nothing yet: the till opens from what it has.
    renderApp('/sale');
    const button = await screen.findByRole('button', { name: 'Open orders' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Open orders' });
    expect(within(dialog).getByText('Offline: no open orders were kept on this till. They need the server.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading…')).toBeNull();
  });
});
