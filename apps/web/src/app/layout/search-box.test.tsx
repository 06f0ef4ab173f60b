import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SearchResults } from '@shop/contracts/search';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const LINA = { id: 4, name: 'Lina Tan', email: 'lina@mekongtours.example', phone: '+855 23 990 120', company: 'Mekong Tours', avatar: null, created_at: '', updated_at: '' };

const RESULTS: SearchResults = {
  products: [
    { id: 11, name: 'Iced Latte', sku: 'COF-006', barcode: null, price: 2.75, active: true, image: null },
    { id: 12, name: 'Cafe Latte', sku: 'COF-005', barcode: '885000111', price: 2.5, active: true, image: null },
  ],
  orders: [{ id: 7, number: 'SO-000007', customer_name: 'Lina Tan', total: 3.3, sale_date: '2026-11-21T03:00:00.000Z', business_date: '2026-11-21', status: 'Paid' }],
  customers: [{ id: LINA.id, name: LINA.name, email: LINA.email, phone: LINA.phone }],
};
const NOTHING: SearchResults = { products: [], orders: [], customers: [] };

function fakeApi(role: 'Admin' | 'Staff' = 'Admin') {
  const user = { ...demoUser, role };
  const searches: string[] = [];
  setSession('tok', user);
  mockFetch((href) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/search') {
      const q = url.searchParams.get('q') ?? '';
      searches.push(q);
      return jsonResponse(200, { data: q.includes('zzz') ? NOTHING : RESULTS });
    }
    if (url.pathname === '/api/customers') return jsonResponse(200, { data: [LINA], meta: { total: 1, per_page: 5, current_page: 1, last_page: 1 } });
    if (url.pathname === `/api/customers/${LINA.id}`) return jsonResponse(200, { data: LINA });
    return jsonResponse(404, { message: 'Not found.' });
  });
  return searches;
}

const searchBox = () => screen.findByRole('combobox', { name: 'Search' });
const activeOption = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');

describe('Header search', () => {
  it('shows the results grouped under Products, Orders and Customers once typing pauses', async () => {
    const searches = fakeApi();
    const user = userEvent.setup();
    renderApp('/customers');
    const input = await searchBox();
    expect(input).toHaveAttribute('placeholder', 'Search products, orders, customers…');

    await user.type(input, 'lat');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    const products = await within(list).findByRole('group', { name: 'Products' });
    expect(within(products).getAllByRole('option').map((option) => option.textContent)).toEqual([
      expect.stringContaining('Iced Latte'),
      expect.stringContaining('Cafe Latte'),
    ]);
    expect(within(within(list).getByRole('group', { name: 'Orders' })).getByRole('option')).toHaveTextContent('SO-000007');
    expect(within(within(list).getByRole('group', { name: 'Customers' })).getByRole('option')).toHaveTextContent('Lina Tan');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    // One request for the whole word, not one per key.
    expect(searches).toEqual(['lat']);
  });

  it('moves with the arrow keys across the groups and opens the chosen record with Enter', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/customers');
    const input = await searchBox();
    await user.type(input, 'lina');
    await screen.findByRole('group', { name: 'Customers' });

    expect(activeOption(input)).toHaveTextContent('Iced Latte');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('SO-000007');
    expect(activeOption(input)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(input)).toHaveTextContent('Lina Tan');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(input)).toHaveTextContent('SO-000007');
    await user.keyboard('{ArrowDown}{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Edit Customer' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Lina Tan');
    expect(router.state.location.search).toBe('?edit=4');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    // A new search does not show the last one's records while it waits.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(input);
    // Pasted, not typed: one search, so a slow machine cannot answer for 'z' while 'zzz' is typed.
    await user.paste('zzz');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(await screen.findByText('No results for "zzz"')).toBeInTheDocument();
  });

  it('opens an order on the sales orders screen and a product in the product list', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/customers');
    const input = await searchBox();
    await user.type(input, 'so-7');
    await user.click(await screen.findByRole('option', { name: /SO-000007/ }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/orders?sale=7'));
    await screen.findByRole('dialog', { name: 'Sale details' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');

    await user.type(input, 'latte');
    await screen.findByRole('group', { name: 'Products' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/products?edit=11'));
  });

  it("says so when nothing matches; Escape closes the list and a second Escape clears the text", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/customers');
    const input = await searchBox();
    await user.type(input, 'zzz');
    expect(await screen.findByText('No results for "zzz"')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    expect(input).toHaveValue('zzz');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it("is focused by '/' outside a field and by Ctrl+K or Cmd+K from anywhere", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/customers');
    const input = await searchBox();
    const listSearch = await screen.findByPlaceholderText('Search by name/email/phone/company');

    await user.keyboard('/');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('');

    // '/' typed into another field is just a character there.
    await user.click(listSearch);
    await user.keyboard('/');
    expect(listSearch).toHaveFocus();
    expect(listSearch).toHaveValue('/');

    await user.keyboard('{Control>}k{/Control}');
    expect(input).toHaveFocus();

    await user.click(listSearch);
    await user.keyboard('{Meta>}k{/Meta}');
    expect(input).toHaveFocus();
  });

  it('closes when the user clicks elsewhere', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/customers');
    const input = await searchBox();
    await user.type(input, 'lina');
    await screen.findByRole('group', { name: 'Customers' });
    await user.click(screen.getByRole('heading', { name: 'Customers' }));
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows Staff a customer read-only', async () => {
    fakeApi('Staff');
    const user = userEvent.setup();
    renderApp('/customers');
    const input = await searchBox();
    await user.type(input, 'lina');
    await user.click(await screen.findByRole('option', { name: /Lina Tan.*lina@mekongtours/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lina Tan' });
    expect(within(dialog).getByText('Mekong Tours')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
