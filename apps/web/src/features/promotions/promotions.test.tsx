import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Promotion } from '@shop/contracts/promotion';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const PRODUCTS = [
  { id: 1, name: 'Espresso', sku: 'COF-001' },
  { id: 6, name: 'Iced Latte', sku: 'COF-006' },
];

function promotion(id: number, overrides: Partial<Promotion> = {}): Promotion {
  return {
    id,
    title: `Deal ${id}`,
    product_id: 1,
    product: PRODUCTS[0]!,
    discount: 10,
    valid_until: null,
    active: true,
    created_at: '',
    updated_at: '',
    ...overrides,
  };
}

type Call = { method: string; url: URL; body: unknown };

function fakeApi(promotions: Promotion[] = []) {
  const calls: Call[] = [];
  setSession('tok', demoUser);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: demoUser });
    if (url.pathname === '/api/products') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const data = PRODUCTS.filter((p) => p.name.toLowerCase().includes(q) || p.sku.toLowerCase().includes(q));
      return jsonResponse(200, { data, meta: { total: data.length, per_page: 200, current_page: 1, last_page: 1 } });
    }
    if (url.pathname === '/api/promotions' && method === 'GET') {
      return jsonResponse(200, { data: promotions, meta: { total: promotions.length, per_page: 10, current_page: 1, last_page: 1 } });
    }
    if (url.pathname === '/api/promotions' && method === 'POST') {
      const created = promotion(50, { ...(body as Partial<Promotion>), product: PRODUCTS[1]! });
      promotions = [created, ...promotions];
      return jsonResponse(201, { data: created });
    }
    const match = /^\/api\/promotions\/(\d+)$/.exec(url.pathname);
    if (match && method === 'PUT') return jsonResponse(200, { data: promotion(Number(match[1]), body as Partial<Promotion>) });
    if (match && method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

describe('Promotions', () => {
  it("shows 'No promotions available' for an empty list", async () => {
    fakeApi();
    renderApp('/promotions');
    expect(await screen.findByText('No promotions available')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search title/product…')).toBeInTheDocument();
  });

  it("the form shows the spec's validation messages and sends nothing", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/promotions');
    await user.click(await screen.findByRole('button', { name: '+ Add Promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Promotion' });
    expect(within(dialog).getByLabelText('Discount (%)')).toHaveValue(10);

    await user.type(within(dialog).getByLabelText('Title'), '   ');
    await user.clear(within(dialog).getByLabelText('Discount (%)'));
    await user.type(within(dialog).getByLabelText('Discount (%)'), '101');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a product.')).toBeInTheDocument();
    expect(within(dialog).getByText('Discount must be between 0 and 100.')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Product' })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(dialog).getByLabelText('Discount (%)'));
    await user.type(within(dialog).getByLabelText('Discount (%)'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Discount must be between 0 and 100.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates with a product picked by server search, then returns to page 1 and reloads', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/promotions');
    await user.click(await screen.findByRole('button', { name: '+ Add Promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Promotion' });
    await user.type(within(dialog).getByLabelText('Title'), '  Happy Hour ');
    const picker = within(dialog).getByRole('combobox', { name: 'Product' });
    await user.type(picker, 'iced');
    await user.click(await within(dialog).findByRole('option', { name: /Iced Latte/ }));
    expect(picker).toHaveValue('Iced Latte');
    const search = calls.filter((call) => call.url.pathname === '/api/products').at(-1);
    expect(search?.url.searchParams.get('q')).toBe('iced');
    expect(search?.url.searchParams.get('per_page')).toBe('200');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promotion created successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Happy Hour',
      product_id: 6,
      discount: 10,
      valid_until: null,
      active: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Happy Hour' })).toBeInTheDocument();
  });

  it('asks before deleting, naming the promotion, then removes the row', async () => {
    fakeApi([promotion(1), promotion(2)]);
    const user = userEvent.setup();
    renderApp('/promotions');
    await user.click(await screen.findByRole('button', { name: 'Delete Deal 2' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete promotion “Deal 2”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Promotion deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Deal 2')).not.toBeInTheDocument());
    expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument();
  });
});
