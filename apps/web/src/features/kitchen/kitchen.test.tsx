import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KitchenTicket } from '@shop/contracts/open-order';
import { DEFAULT_SETTINGS, type Settings } from '@shop/contracts/settings';
import { setSession } from '@/features/auth/session-store';
import { switchLanguage } from '@/lib/i18n';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { AMBER_AFTER_MINUTES, RED_AFTER_MINUTES } from './ticket-age';

const NOW = new Date('2026-11-25T05:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const option = (group: string, name: string, name_km: string) => ({ group, name, name_km });

function ticket(overrides: Partial<KitchenTicket> & Pick<KitchenTicket, 'id' | 'number'>): KitchenTicket {
  return {
    station: 'Bar',
    order_id: overrides.id,
    order_code: `OO-${String(overrides.id).padStart(6, '0')}`,
    sale_id: null,
    sale_code: null,
    table: null,
    name: null,
    service: 'dine_in',
    items: [],
    created_at: minutesAgo(1),
    done_at: null,
    ...overrides,
  };
}

/** Table 4's drinks, placed 2 minutes ago: an iced latte with its options and a note, and two americanos. */
const TABLE_4 = ticket({
  id: 21,
  number: 7,
  table: '4',
  created_at: minutesAgo(2),
  items: [
    {
      id: 101,
      name: 'Iced Latte',
      quantity: 1,
      modifiers: [option('Size', 'L', 'ធំ'), option('Sugar', '50% sugar', 'ស្ករ 50%'), option('Ice', 'Less ice', 'ទឹកកកតិច')],
      note: 'No condensed milk',
      done: false,
    },
    { id: 102, name: 'Americano', quantity: 2, modifiers: [], note: null, done: false },
  ],
});
/** Dara's take-away, placed earlier (so it comes first). */
const DARA = ticket({
  id: 20,
  number: 6,
  name: 'Dara',
  service: 'take_away',
  created_at: minutesAgo(3),
  items: [{ id: 100, name: 'Green Tea', quantity: 1, modifiers: [], note: null, done: false }],
});
/** Rung up at the till without an order: called out by its sale number. */
const TILL_SALE = ticket({ id: 23, number: 9, order_id: null, order_code: null, sale_id: 40, sale_code: 'SO-000040', service: 'take_away', items: [{ id: 104, name: 'Espresso', quantity: 1, modifiers: [], note: null, done: false }] });
const CROISSANT = ticket({ id: 22, number: 8, station: 'Kitchen', table: '4', items: [{ id: 103, name: 'Croissant', quantity: 1, modifiers: [], note: null, done: false }] });
const DONE_EARLIER = ticket({
  id: 19,
  number: 5,
  table: '2',
  created_at: minutesAgo(20),
  done_at: minutesAgo(10),
  items: [{ id: 99, name: 'Mocha', quantity: 1, modifiers: [], note: null, done: true }],
});

type Call = { method: string; path: string; query: Record<string, string>; body: unknown };

/**
 * A stand-in for the kitchen's API that keeps its tickets: the board lists the open ones oldest
 * first, done and recall change them as the server does.
 */
function fakeKitchen(options: { tickets?: KitchenTicket[]; settings?: Settings; failBoard?: boolean } = {}) {
  const user = { ...demoUser, role: 'Staff' as const };
  const settings = options.settings ?? { ...DEFAULT_SETTINGS, kitchen: { stations: ['Bar', 'Kitchen'], routes: [] } };
  const tickets = new Map((options.tickets ?? [TABLE_4, DARA, CROISSANT, DONE_EARLIER, TILL_SALE]).map((one) => [one.id, structuredClone(one)]));
  const calls: Call[] = [];
  const api = { calls, tickets, failBoard: options.failBoard ?? false };
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: settings });
    if (url.pathname === '/api/kitchen/tickets') {
      if (api.failBoard) return jsonResponse(500, { message: 'Something went wrong.' });
      const station = url.searchParams.get('station');
      const done = url.searchParams.get('status') === 'done';
      const list = [...tickets.values()].filter((one) => one.station === station && (one.done_at !== null) === done);
      list.sort((a, b) => (done ? (b.done_at ?? '').localeCompare(a.done_at ?? '') : a.id - b.id));
      return jsonResponse(200, { data: list });
    }
    const action = /^\/api\/kitchen\/tickets\/(\d+)\/(done|recall)$/.exec(url.pathname);
    const found = action ? tickets.get(Number(action[1])) : undefined;
    if (action && method === 'POST') {
      if (!found) return jsonResponse(404, { message: 'Ticket not found.' });
      if (action[2] === 'recall') {
        found.done_at = null;
        for (const item of found.items) item.done = false;
      } else {
        const itemId = (body as { item_id?: number } | undefined)?.item_id;
        for (const item of found.items) if (itemId === undefined || item.id === itemId) item.done = true;
        if (found.items.every((item) => item.done)) found.done_at = NOW.toISOString();
      }
      return jsonResponse(200, { data: found });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return api;
}

const board = () => screen.findAllByRole('article');
const card = async (title: RegExp) => screen.findByRole('article', { name: title });
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST').map((call) => ({ path: call.path, body: call.body }));

describe('Kitchen display', { timeout: 30_000 }, () => {
  afterEach(() => {
    toast.dismiss();
    vi.useRealTimers();
  });

  it('shows the station’s tickets oldest first, with where they go, the items, their options and notes, and not another station’s', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    fakeKitchen();
    renderApp('/kitchen');

    const cards = await board();
    expect(cards.map((one) => within(one).getByRole('heading').textContent)).toEqual(['#6 · Dara', '#7 · Table 4', '#9']);
    expect(within(cards[2]!).getByText('SO-000040')).toBeInTheDocument();
    const table4 = cards[1]!;
    expect(within(table4).getByText('Dine-in')).toBeInTheDocument();
    expect(within(table4).getByText('OO-000021')).toBeInTheDocument();
    expect(within(table4).getByText('2 min')).toBeInTheDocument();
    const latte = within(table4).getByRole('button', { name: /Iced Latte/ });
    expect(latte).toHaveTextContent('1×Iced Latte');
    expect(latte).toHaveTextContent('L · 50% sugar · Less ice');
    expect(latte).toHaveTextContent('Note: No condensed milk');
    expect(within(table4).getByRole('button', { name: /Americano/ })).toHaveTextContent('2×');
    expect(within(cards[0]!).getByText('Take-away')).toBeInTheDocument();
    expect(screen.queryByText('Croissant')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('To make: 3')).toBeInTheDocument();
  });

  it('names the options in Khmer when the console is in Khmer', async () => {
    fakeKitchen();
    await switchLanguage('kh');
    renderApp('/kitchen');
    const table4 = await card(/#7/);
    expect(within(table4).getByRole('button', { name: /Iced Latte/ })).toHaveTextContent('ធំ · ស្ករ 50% · ទឹកកកតិច');
  });

  it('strikes an item through when tapped, and bumps the ticket off the board with Done', async () => {
    const api = fakeKitchen();
    const user = userEvent.setup();
    renderApp('/kitchen');

    const table4 = await card(/#7/);
    await user.click(within(table4).getByRole('button', { name: /Iced Latte/ }));
    // Made: no longer a button to tap, struck through, and said so.
    await waitFor(() => expect(within(table4).queryByRole('button', { name: /Iced Latte/ })).not.toBeInTheDocument());
    expect(within(table4).getByText('Iced Latte')).toHaveClass('line-through');
    expect(within(table4).getByText('Made')).toBeInTheDocument();
    expect(posts(api.calls)).toEqual([{ path: '/api/kitchen/tickets/21/done', body: { item_id: 101 } }]);
    expect(await card(/#7/)).toBeInTheDocument();

    await user.click(within(table4).getByRole('button', { name: 'Done: ticket 7' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /#7/ })).not.toBeInTheDocument());
    expect(posts(api.calls).at(-1)).toEqual({ path: '/api/kitchen/tickets/21/done', body: {} });
    expect(await screen.findByText('Ticket 7 done')).toBeInTheDocument();
    // Read again from the server, it stays off.
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/api/kitchen/tickets').length).toBeGreaterThan(2));
    expect((await board()).map((one) => within(one).getByRole('heading').textContent)).toEqual(['#6 · Dara', '#9']);
  });

  it('bumps the ticket when its last item is made, and says why when the server refuses', async () => {
    const api = fakeKitchen();
    const user = userEvent.setup();
    renderApp('/kitchen');
    const dara = await card(/#6/);
    await user.click(within(dara).getByRole('button', { name: /Green Tea/ }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /#6/ })).not.toBeInTheDocument());
    expect(await screen.findByText('Ticket 6 done')).toBeInTheDocument();

    // The order was voided meanwhile at a till: the server no longer has the ticket.
    api.tickets.delete(21);
    const table4 = await card(/#7/);
    await user.click(within(table4).getByRole('button', { name: 'Done: ticket 7' }));
    expect(await screen.findByText('Could not mark the ticket done: Ticket not found.')).toBeInTheDocument();
  });

  it('lists the done tickets under Recall and puts one back on the board', async () => {
    const api = fakeKitchen();
    const user = userEvent.setup();
    renderApp('/kitchen');
    await card(/#7/);
    await user.click(screen.getByRole('button', { name: 'Recall' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recall a ticket' });
    const done = await within(dialog).findByRole('list', { name: 'Done tickets' });
    expect(within(done).getByText('#5')).toBeInTheDocument();
    expect(within(done).getByText('1× Mocha')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Recall ticket 5' }));
    expect(posts(api.calls)).toEqual([{ path: '/api/kitchen/tickets/19/recall', body: undefined }]);
    // Back on the board in its place by age, every item to make again.
    await waitFor(async () => expect((await board()).map((one) => within(one).getByRole('heading').textContent)).toEqual(['#5 · Table 2', '#6 · Dara', '#7 · Table 4', '#9']));
    expect(within(await card(/#5/)).getByRole('button', { name: /Mocha/ })).toBeInTheDocument();
    expect(await screen.findByText('Ticket 5 is back on the board')).toBeInTheDocument();
  });

  it('turns a card amber after 5 minutes and red after 10, counting up on its own', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    fakeKitchen();
    renderApp('/kitchen');
    const dara = await card(/#6/);
    expect(dara).toHaveAttribute('data-age', 'fresh');

    await act(() => vi.advanceTimersByTimeAsync((AMBER_AFTER_MINUTES - 3) * 60_000));
    expect(within(await card(/#6/)).getByText(`${AMBER_AFTER_MINUTES} min`)).toBeInTheDocument();
    expect(await card(/#6/)).toHaveAttribute('data-age', 'waiting');
    expect(await card(/#7/)).toHaveAttribute('data-age', 'fresh');

    await act(() => vi.advanceTimersByTimeAsync((RED_AFTER_MINUTES - AMBER_AFTER_MINUTES) * 60_000));
    expect(await card(/#6/)).toHaveAttribute('data-age', 'late');
    expect(await card(/#7/)).toHaveAttribute('data-age', 'waiting');
  });

  it('switches station and remembers it on this device', async () => {
    const api = fakeKitchen();
    const user = userEvent.setup();
    const view = renderApp('/kitchen');
    await card(/#7/);
    await user.click(screen.getByRole('button', { name: 'Kitchen' }));
    expect(await card(/#8 · Table 4/)).toHaveTextContent('Croissant');
    expect(screen.queryByText('Iced Latte')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/kitchen/tickets' && call.query.station === 'Kitchen')).toBe(true);

    view.unmount();
    renderApp('/kitchen');
    expect(await card(/#8/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows new tickets as they come, "Nothing to make" when there is none, and a failed load with Retry', async () => {
    const api = fakeKitchen({ tickets: [] });
    const user = userEvent.setup();
    renderApp('/kitchen');
    expect(await screen.findByText('Nothing to make')).toBeInTheDocument();

    api.tickets.set(TABLE_4.id, structuredClone(TABLE_4));
    // The board asks again every few seconds by itself.
    expect(await card(/#7/)).toBeInTheDocument();

    api.failBoard = true;
    await user.click(screen.getByRole('button', { name: 'Kitchen' }));
    expect(await screen.findByText('Failed to load the tickets')).toBeInTheDocument();
    api.failBoard = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing to make')).toBeInTheDocument();
  });
});
