import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '@shop/contracts/notification';
import { setSession } from '@/features/auth/session-store';
import { switchLanguage } from '@/lib/i18n';
import { STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

function lowStock(id: number, product: string, read = false): Notification {
  return {
    id,
    kind: 'low_stock',
    title: `Low stock: ${product}`,
    body: `2 left of ${product} (SKU-${id}); reorder level 5.`,
    link: '/report-stock',
    params: { product, sku: `SKU-${id}`, on_hand: 2, reorder_level: 5 },
    read,
    created_at: new Date(Date.now() - id * 60_000).toISOString(),
  };
}

const REFUND: Notification = {
  id: 3,
  kind: 'refund',
  title: 'Refund RF-0007',
  body: 'Dara Pich refunded 4.50 on sale SO-0042.',
  link: '/orders?q=SO-0042',
  params: { refund: 'RF-0007', sale: 'SO-0042', amount: 4.5, by: 'Dara Pich' },
  read: true,
  created_at: '2026-01-05T03:00:00.000Z',
};

type Call = { method: string; url: URL; body: unknown };

/** A server with the given notifications; `refuse` makes writes answer 500. */
function fakeApi(initial: Notification[], options: { refuse?: boolean } = {}) {
  let rows = [...initial];
  const calls: Call[] = [];
  setSession('tok', demoUser);
  const unread = () => rows.filter((row) => !row.read).length;
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const id = Number(/^\/api\/notifications\/(\d+)$/.exec(url.pathname)?.[1]);
    if (url.pathname === '/api/me') return jsonResponse(200, { data: demoUser });
    if (url.pathname === '/api/notifications/unread-count') return jsonResponse(200, { data: { unread: unread() } });
    if (method !== 'GET' && options.refuse) return jsonResponse(500, { message: 'Something went wrong.' });
    if (url.pathname === '/api/notifications') {
      const perPage = Number(url.searchParams.get('per_page'));
      const page = Number(url.searchParams.get('page'));
      const shown = url.searchParams.get('unread') === '1' ? rows.filter((row) => !row.read) : rows;
      const data = shown.slice((page - 1) * perPage, page * perPage);
      const meta = { total: shown.length, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(shown.length / perPage)), unread: unread() };
      return jsonResponse(200, { data, meta });
    }
    if (url.pathname === '/api/notifications/read-all' && method === 'POST') {
      rows = rows.map((row) => ({ ...row, read: true }));
      return jsonResponse(200, { message: 'All notifications marked as read' });
    }
    if (id && method === 'PUT') {
      const read = (JSON.parse(String(init.body)) as { read: boolean }).read;
      rows = rows.map((row) => (row.id === id ? { ...row, read } : row));
      return jsonResponse(200, { data: rows.find((row) => row.id === id) });
    }
    if (id && method === 'DELETE') {
      rows = rows.filter((row) => row.id !== id);
      return jsonResponse(200, { message: 'Notification deleted' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

const toasts = () => [...document.querySelectorAll('[data-sonner-toast]')].map((toast) => toast.textContent ?? '');
/** The header's bell (the sidebar has a Notifications link too). */
const bell = async (name: string) => within(await screen.findByRole('banner')).findByRole('link', { name });
const item = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;

// Rendering the whole console (lazy screens, shell) takes seconds on a busy machine.
describe('Notifications', { timeout: 20_000 }, () => {
  // jsdom's window matches no width, so the layout takes it for a tablet and collapses the
  // sidebar; these tests read the expanded sidebar's links, as a desktop shows them.
  beforeEach(() => writeStorage(STORAGE_KEYS.sidebarCollapsedNarrow, 'false'));

  it('lists the notifications with their text, time and link, 10 a page, and counts the unread ones', async () => {
    const calls = fakeApi([lowStock(1, 'Oat Milk 1L'), lowStock(2, 'Espresso Beans 1kg'), REFUND]);
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const titles = within(list).getAllByRole('heading').map((heading) => heading.textContent);
    expect(titles).toEqual(['Low stock: Oat Milk 1L', 'Low stock: Espresso Beans 1kg', 'Refund RF-0007']);

    const oat = item('Low stock: Oat Milk 1L');
    expect(within(oat).getByText('2 left of Oat Milk 1L (SKU-1); reorder level 5.')).toBeInTheDocument();
    expect(within(oat).getByText('Unread')).toBeInTheDocument();
    expect(within(oat).getByText('1 minute ago')).toBeInTheDocument();
    expect(within(oat).getByRole('link', { name: 'Open the stock report' })).toHaveAttribute('href', '/report-stock');
    expect(within(oat).getByRole('checkbox', { name: 'Read: Low stock: Oat Milk 1L' })).not.toBeChecked();

    const refund = item('Refund RF-0007');
    expect(within(refund).getByText('Dara Pich refunded $4.50 on sale SO-0042.')).toBeInTheDocument();
    expect(within(refund).queryByText('Unread')).not.toBeInTheDocument();
    expect(within(refund).getByText('2026-01-05 10:00')).toBeInTheDocument();
    expect(within(refund).getByRole('checkbox')).toBeChecked();

    expect(await bell('Notifications (2 unread)')).toHaveAttribute('href', '/notifications');
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const listCall = calls.find((call) => call.url.pathname === '/api/notifications')!;
    expect(listCall.url.searchParams.get('per_page')).toBe('10');
    expect(listCall.url.searchParams.has('unread')).toBe(false);
  });

  it('ticking read saves it and lowers the badge; unticking raises it again', async () => {
    const calls = fakeApi([lowStock(1, 'Oat Milk 1L'), lowStock(2, 'Espresso Beans 1kg')]);
    const user = userEvent.setup();
    renderApp('/notifications');
    await bell('Notifications (2 unread)');
    const checkbox = screen.getByRole('checkbox', { name: 'Read: Low stock: Oat Milk 1L' });
    await user.click(checkbox);
    expect(checkbox).toBeChecked();
    expect(await bell('Notifications (1 unread)')).toBeInTheDocument();
    expect(within(item('Low stock: Oat Milk 1L')).queryByText('Unread')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url.pathname, call.body])).toEqual([
      ['/api/notifications/1', { read: true }],
    ]);

    await user.click(checkbox);
    expect(await bell('Notifications (2 unread)')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ read: false });
  });

  it('shows the tick in the click itself, before the server has answered', async () => {
    fakeApi([lowStock(1, 'Oat Milk 1L')]);
    renderApp('/notifications');
    await bell('Notifications (1 unread)');
    const checkbox = screen.getByRole('checkbox', { name: 'Read: Low stock: Oat Milk 1L' });
    fireEvent.click(checkbox);
    // No await: a checkbox that only follows the query cache flips back until its next render.
    expect(checkbox).toBeChecked();
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(checkbox).toBeChecked();
  });

  it('puts the checkbox and badge back and says so when the server refuses', async () => {
    fakeApi([lowStock(1, 'Oat Milk 1L')], { refuse: true });
    const user = userEvent.setup();
    renderApp('/notifications');
    await bell('Notifications (1 unread)');
    const checkbox = screen.getByRole('checkbox', { name: 'Read: Low stock: Oat Milk 1L' });
    await user.click(checkbox);
    await waitFor(() => expect(toasts()).toContain('Could not mark the notification as read: Something went wrong.'));
    await waitFor(() => expect(checkbox).not.toBeChecked());
    expect(await bell('Notifications (1 unread)')).toBeInTheDocument();
  });

  it('deletes a notification', async () => {
    const calls = fakeApi([lowStock(1, 'Oat Milk 1L'), lowStock(2, 'Espresso Beans 1kg')]);
    const user = userEvent.setup();
    renderApp('/notifications');
    await bell('Notifications (2 unread)');
    await user.click(screen.getByRole('button', { name: 'Delete notification: Low stock: Oat Milk 1L' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Low stock: Oat Milk 1L' })).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/notifications/1')).toBe(true);
    expect(await bell('Notifications (1 unread)')).toBeInTheDocument();
    expect(toasts()).toContain('Notification deleted');
  });

  it("'Mark all as read' reads them all and empties the badge", async () => {
    const calls = fakeApi([lowStock(1, 'Oat Milk 1L'), lowStock(2, 'Espresso Beans 1kg'), REFUND]);
    const user = userEvent.setup();
    renderApp('/notifications');
    await bell('Notifications (2 unread)');
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/notifications/read-all')).toBe(true);
    await waitFor(() => expect(screen.queryByText('Unread', { selector: 'li span' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('filters to the unread ones, and says when there is nothing to show', async () => {
    const calls = fakeApi([lowStock(1, 'Oat Milk 1L'), REFUND]);
    const user = userEvent.setup();
    renderApp('/notifications');
    await bell('Notifications (1 unread)');
    await user.click(screen.getByRole('button', { name: 'Unread', pressed: false }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Refund RF-0007' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Low stock: Oat Milk 1L' })).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('unread')).toBe('1');

    await user.click(screen.getByRole('checkbox', { name: 'Read: Low stock: Oat Milk 1L' }));
    expect(await screen.findByText('You are all caught up.')).toBeInTheDocument();
    expect(await bell('Notifications')).toBeInTheDocument();
  });

  it("shows 'No notifications yet.' and no badge when there are none", async () => {
    fakeApi([]);
    renderApp('/notifications');
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications', current: 'page' })).toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });

  it("caps the badge at '9+' and pages ten at a time", async () => {
    fakeApi(Array.from({ length: 12 }, (_, index) => lowStock(index + 1, `Product ${index + 1}`)));
    const user = userEvent.setup();
    renderApp('/notifications');
    const link = await bell('Notifications (12 unread)');
    expect(within(link).getByText('9+')).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–10 of 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { name: 'Low stock: Product 12' })).toBeInTheDocument();
  });

  it('words the notifications in Khmer from their params', async () => {
    const shortOffline: Notification = {
      id: 2,
      kind: 'offline_short_stock',
      title: 'Sold past stock offline: Last Tart',
      body: 'Sold offline: 3 × Last Tart, on hand now -3.',
      link: '/report-stock',
      params: { product: 'Last Tart', sku: 'TART-1', quantity: 3, on_hand: -3 },
      read: false,
      created_at: new Date(Date.now() - 120_000).toISOString(),
    };
    fakeApi([lowStock(1, 'Oat Milk 1L'), shortOffline]);
    await switchLanguage('kh');
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'ស្តុកទាប៖ Oat Milk 1L' })).toBeInTheDocument();
    expect(screen.getByText('Oat Milk 1L (SKU-1) នៅសល់ 2; កម្រិតបញ្ជាទិញឡើងវិញ 5។')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'លក់លើសស្តុកពេលគ្មានអ៊ីនធឺណិត៖ Last Tart' })).toBeInTheDocument();
    expect(screen.getByText('បានលក់ពេលគ្មានអ៊ីនធឺណិត៖ 3 × Last Tart, នៅសល់ឥឡូវ -3។')).toBeInTheDocument();
  });
});
