import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Product } from '@shop/contracts/product';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { product } from '@/test/product-fixtures';
import { renderApp } from '@/test/render-app';

const category = { id: 1, name: 'Coffee', description: null, products_count: 7, modifier_group_ids: [1], created_at: '', updated_at: '' };
const modifierGroup = (id: number, name: string) => ({
  id,
  name,
  name_km: null,
  selection: 'single',
  required: false,
  min: 0,
  max: 1,
  options: [{ id: id * 10, name: 'One', name_km: null, price: 0, is_default: false }],
  product_ids: [],
  category_ids: [],
  created_at: '',
  updated_at: '',
});
const MODIFIER_GROUPS = [modifierGroup(1, 'Size'), modifierGroup(2, 'Extras'), modifierGroup(3, 'Ice')];
const unit = { id: 1, name: 'Cup', symbol: 'cup', description: null, products_count: 7, created_at: '', updated_at: '' };


type Call = { method: string; url: URL; body: unknown };

/** A small stand-in for the API: 7 products, newest first, 5 a page. */
function fakeApi(options: { products?: Product[]; failProducts?: boolean; role?: 'Admin' | 'Staff' } = {}) {
  const products = options.products ?? [7, 6, 5, 4, 3, 2, 1].map((id) => product(id));
  const calls: Call[] = [];
  let failProducts = options.failProducts ?? false;
  const user = { ...demoUser, role: options.role ?? 'Admin' };
  setSession('tok', user);
  const fetchMock = mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/categories' && method === 'POST') return jsonResponse(201, { data: { ...category, ...(body as object), id: 9, products_count: 0 } });
    if (url.pathname === '/api/categories') return jsonResponse(200, { data: [category], meta: { total: 1, per_page: 1000, current_page: 1, last_page: 1 } });
    if (url.pathname === '/api/modifier-groups') return jsonResponse(200, { data: MODIFIER_GROUPS, meta: { total: 3, per_page: 1000, current_page: 1, last_page: 1 } });
    if (url.pathname === '/api/units') return jsonResponse(200, { data: [unit], meta: { total: 1, per_page: 1000, current_page: 1, last_page: 1 } });
    if (url.pathname === '/api/products' && method === 'GET') {
      // A 4xx: the query client does not retry those, so the failure shows at once.
      if (failProducts) return jsonResponse(422, { message: 'Search text is too long.' });
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 15);
      const data = products.slice((page - 1) * perPage, page * perPage);
      return jsonResponse(200, { data, meta: { total: products.length, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(products.length / perPage)) } });
    }
    if (url.pathname === '/api/products' && method === 'POST') {
      const input = body as Record<string, unknown>;
      if (input.sku === 'COF-1') return jsonResponse(409, { message: 'SKU already exists.', errors: { sku: ['SKU already exists.'] } });
      const created = product(100, { ...(input as Partial<Product>), id: 100 });
      products.unshift(created);
      return jsonResponse(201, { data: created });
    }
    const match = /^\/api\/products\/(\d+)$/.exec(url.pathname);
    if (match && method === 'GET') {
      const found = products.find((p) => p.id === Number(match[1]));
      return found ? jsonResponse(200, { data: found }) : jsonResponse(404, { message: 'Product not found.' });
    }
    if (match && method === 'PUT') return jsonResponse(200, { data: { ...product(Number(match[1])), ...(body as object) } });
    if (match && method === 'DELETE') {
      products.splice(products.findIndex((p) => p.id === Number(match[1])), 1);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { calls, fetchMock, products, recover: () => (failProducts = false) };
}

const productRows = () => within(screen.getByRole('table', { name: 'Products' })).getAllByRole('row').slice(1);
const productGets = (calls: Call[]) => calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/products');

describe('Product List', () => {
  it('shows Loading…, then 5 products a page with a pager', async () => {
    const { calls } = fakeApi();
    renderApp('/products');
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    // The first render also loads the screen's lazy chunk.
    expect(await screen.findByText('Drink 7')).toBeInTheDocument();
    expect(productRows()).toHaveLength(5);
    expect(screen.getByText('ID: 7')).toBeInTheDocument();
    expect(within(productRows()[0]!).getByText('$2.50')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–5 of 7')).toBeInTheDocument();
    expect(productGets(calls)[0]?.url.searchParams.get('per_page')).toBe('5');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    // The category filter asks for every category.
    expect(calls.find((call) => call.url.pathname === '/api/categories')?.url.searchParams.get('per_page')).toBe('1000');
  });

  it('hides the write controls from Staff', async () => {
    fakeApi({ role: 'Staff' });
    renderApp('/products');
    expect(await screen.findByText('Drink 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it('opens the product named in the address (?edit=, the header search) in its form, and drops it on close', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/products?edit=2');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveValue('Drink 2'));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
  });

  it('narrows the list to the linked product for Staff, who cannot edit it', async () => {
    const { calls } = fakeApi({ role: 'Staff' });
    renderApp('/products?edit=2');
    expect(await screen.findByDisplayValue('COF-2')).toHaveAttribute('placeholder', 'Search by name/SKU');
    await waitFor(() => expect(productGets(calls).at(-1)?.url.searchParams.get('q')).toBe('COF-2'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("toasts 'Failed to load products' and retries inline", async () => {
    const api = fakeApi({ failProducts: true });
    renderApp('/products');
    expect(await screen.findByText('Failed to load products: Search text is too long.')).toBeInTheDocument();
    api.recover();
    await userEvent.click(within(screen.getByRole('table', { name: 'Products' })).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Drink 7')).toBeInTheDocument();
  });

  it('toggles a product with the full body and the active flag inverted', async () => {
    const { calls } = fakeApi();
    renderApp('/products');
    await userEvent.click(await screen.findByRole('switch', { name: 'Active: Drink 7' }));
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/products/7');
    expect(put?.body).toEqual({
      name: 'Drink 7',
      sku: 'COF-7',
      barcode: null,
      category_id: 1,
      unit_id: 1,
      price: 2.5,
      active: false,
      track_stock: true,
      reorder_level: 0,
      image: null,
      description: null,
    });
    expect(screen.getByRole('switch', { name: 'Active: Drink 7' })).toHaveAttribute('aria-checked', 'false');
  });

  it('refuses to toggle a product whose category or unit cannot be resolved', async () => {
    const broken = product(9, { category_id: 0, category: undefined as unknown as Product['category'] });
    const { calls } = fakeApi({ products: [broken] });
    renderApp('/products');
    await userEvent.click(await screen.findByRole('switch', { name: 'Active: Drink 9' }));
    expect(await screen.findByText('Category/Unit not resolved for this product')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('will not submit the form without a category and a unit', async () => {
    const { calls } = fakeApi();
    const user = userEvent.setup();
    renderApp('/products');
    await user.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    // The form shows once categories and units have come, and starts in its first field.
    const name = await within(dialog).findByLabelText('Name');
    await waitFor(() => expect(name).toHaveFocus());
    await user.keyboard('Flat White');
    await user.type(within(dialog).getByLabelText('SKU'), 'COF-99');
    await user.type(within(dialog).getByLabelText('Price'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Please select a category.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a unit.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Category')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a taken SKU on its field', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/products/new');
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.type(await within(dialog).findByLabelText('Name'), 'Copy');
    await user.type(within(dialog).getByLabelText('SKU'), 'COF-1');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Coffee');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'Cup (cup)');
    await user.type(within(dialog).getByLabelText('Price'), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('SKU already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Save failed: SKU already exists.')).toBeInTheDocument();
  });

  it('after a create on page 1 puts the product first, keeps 5 rows and raises the total, with nulls for empty fields', async () => {
    const { calls } = fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/products/new');
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.type(await within(dialog).findByLabelText('Name'), '  Flat White ');
    await user.type(within(dialog).getByLabelText('SKU'), 'COF-99');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Coffee');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'Cup (cup)');
    await user.type(within(dialog).getByLabelText('Price'), '3.25');
    const getsBefore = productGets(calls).length;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Created product: “Flat White”')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Flat White',
      sku: 'COF-99',
      barcode: null,
      category_id: 1,
      unit_id: 1,
      price: 3.25,
      active: true,
      track_stock: true,
      reorder_level: 0,
      image: null,
      description: null,
      modifier_group_ids: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/products');
    expect(within(productRows()[0]!).getByText('Flat White')).toBeInTheDocument();
    expect(productRows()).toHaveLength(5);
    expect(screen.getByText('Showing 1–5 of 8')).toBeInTheDocument();
    expect(productGets(calls)).toHaveLength(getsBefore);
  });

  it('deleting the last row of page 2 moves back to page 1', async () => {
    const { calls } = fakeApi({ products: [6, 5, 4, 3, 2, 1].map((id) => product(id)) });
    const user = userEvent.setup();
    renderApp('/products');
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Drink 1' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete product?' });
    expect(confirm).toHaveTextContent('This will permanently remove the product.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Deleted product')).toBeInTheDocument();
    await waitFor(() => expect(productGets(calls).at(-1)?.url.searchParams.get('page')).toBe('1'));
    expect(await screen.findByText('Showing 1–5 of 5')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});

describe('Modifier groups on the product and category forms', () => {
  it('shows the category’s groups as from the category and sends the product’s own, in order', async () => {
    const { calls } = fakeApi();
    const user = userEvent.setup();
    renderApp('/products/new');
    const dialog = await screen.findByRole('dialog', { name: 'Add Product' });
    await user.type(await within(dialog).findByLabelText('Name'), 'Iced Mocha');
    await user.type(within(dialog).getByLabelText('SKU'), 'COF-77');
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Coffee');
    await user.selectOptions(within(dialog).getByLabelText('Unit'), 'Cup (cup)');
    await user.type(within(dialog).getByLabelText('Price'), '3');

    // Coffee asks Size already: it is shown, and not offered again.
    const inherited = await within(dialog).findByTestId('product-modifier-groups-inherited');
    expect(inherited).toHaveTextContent('Size');
    const picker = within(dialog).getByLabelText('Modifier groups');
    expect(within(picker).queryByRole('option', { name: 'Size' })).not.toBeInTheDocument();
    await user.selectOptions(picker, 'Ice');
    await user.selectOptions(picker, 'Extras');
    await user.click(within(dialog).getByRole('button', { name: 'Move Extras up' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Created product: “Iced Mocha”')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ name: 'Iced Mocha', modifier_group_ids: [2, 3] });
  }, 60_000);

  it('sends the category’s groups, without the one removed', async () => {
    const { calls } = fakeApi();
    const user = userEvent.setup();
    renderApp('/category-list');
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Smoothies');
    const picker = await within(dialog).findByLabelText('Modifier groups');
    await user.selectOptions(picker, 'Size');
    await user.selectOptions(picker, 'Ice');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Size' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Created category: Smoothies')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.url.pathname === '/api/categories')?.body).toEqual({
      name: 'Smoothies',
      description: null,
      modifier_group_ids: [3],
    });
  }, 60_000);
});
