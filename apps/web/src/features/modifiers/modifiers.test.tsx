import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ModifierGroup } from '@shop/contracts/modifier';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const CATEGORIES = [
  { id: 1, name: 'Coffee', description: null, products_count: 2, modifier_group_ids: [1], created_at: '', updated_at: '' },
  { id: 2, name: 'Tea', description: null, products_count: 1, modifier_group_ids: [], created_at: '', updated_at: '' },
];
const PRODUCTS = [
  { id: 5, name: 'Espresso', sku: 'COF-005', track_stock: false },
  { id: 6, name: 'Iced Latte', sku: 'COF-006', track_stock: false },
];

function sizeGroup(overrides: Partial<ModifierGroup> = {}): ModifierGroup {
  return {
    id: 1,
    name: 'Size',
    name_km: 'ទំហំ',
    selection: 'single',
    required: true,
    min: 1,
    max: 1,
    options: [
      { id: 11, name: 'S', name_km: null, price: 0, is_default: false },
      { id: 12, name: 'M', name_km: null, price: 0.5, is_default: true },
      { id: 13, name: 'L', name_km: null, price: 1, is_default: false },
    ],
    product_ids: [6],
    category_ids: [1],
    created_at: '',
    updated_at: '',
    ...overrides,
  };
}

type Call = { method: string; url: URL; body: Record<string, unknown> | undefined };

function fakeApi(options: { groups?: ModifierGroup[]; role?: 'Admin' | 'Manager' | 'Staff'; refuse?: { status: number; body: object } } = {}) {
  let groups = options.groups ?? [sizeGroup()];
  const calls: Call[] = [];
  const user = { ...demoUser, role: options.role ?? 'Manager' };
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, url, body });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/categories') return jsonResponse(200, { data: CATEGORIES, meta: { total: 2, per_page: 1000, current_page: 1, last_page: 1 } });
    if (url.pathname === '/api/products') return jsonResponse(200, { data: PRODUCTS, meta: { total: 2, per_page: 1000, current_page: 1, last_page: 1 } });
    if (url.pathname === '/api/modifier-groups' && method === 'GET') {
      return jsonResponse(200, { data: groups, meta: { total: groups.length, per_page: 10, current_page: 1, last_page: 1 } });
    }
    if (url.pathname.startsWith('/api/modifier-groups') && method !== 'GET' && options.refuse) return jsonResponse(options.refuse.status, options.refuse.body);
    if (url.pathname === '/api/modifier-groups' && method === 'POST') {
      const input = body as unknown as ModifierGroup;
      const created = sizeGroup({ ...input, id: 9, options: input.options.map((option, index) => ({ ...option, id: 90 + index })) });
      groups = [...groups, created];
      return jsonResponse(201, { data: created, message: 'Modifier group created' });
    }
    const match = /^\/api\/modifier-groups\/(\d+)$/.exec(url.pathname);
    if (match && method === 'PUT') return jsonResponse(200, { data: sizeGroup({ ...(body as Partial<ModifierGroup>), id: Number(match[1]) }) });
    if (match && method === 'DELETE') {
      groups = groups.filter((group) => group.id !== Number(match[1]));
      return jsonResponse(200, { message: 'Modifier group deleted' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

const sent = (calls: Call[], method: string) => calls.find((call) => call.method === method && call.url.pathname.startsWith('/api/modifier-groups'))?.body;

async function openNewGroup() {
  const user = userEvent.setup();
  renderApp('/modifier-groups');
  await user.click(await screen.findByRole('button', { name: 'Add modifier group' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add modifier group' });
  return { user, dialog };
}

describe('Modifier groups', () => {
  it('lists each group with its Khmer name, choice, limits, priced options and where it applies', async () => {
    fakeApi();
    renderApp('/modifier-groups');
    const table = await screen.findByRole('table', { name: 'Modifier groups' });
    const row = (await within(table).findByText('Size')).closest('tr')!;
    expect(within(row).getByText('ទំហំ')).toBeInTheDocument();
    expect(within(row).getByText('Single choice')).toBeInTheDocument();
    expect(within(row).getByText('Required')).toBeInTheDocument();
    expect(within(row).getByText('1–1')).toBeInTheDocument();
    expect(within(row).getByText('+$0.50')).toBeInTheDocument();
    expect(within(row).getByText('+$1.00')).toBeInTheDocument();
    expect(await within(row).findByText('Coffee, Products: 1')).toBeInTheDocument();
  });

  it('says so when there are no groups', async () => {
    fakeApi({ groups: [] });
    renderApp('/modifier-groups');
    expect(await screen.findByText('No modifier groups found.')).toBeInTheDocument();
  });

  it('is not for Staff', async () => {
    fakeApi({ role: 'Staff' });
    renderApp('/modifier-groups');
    expect(await screen.findByText(/not available for your role/i)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Modifier groups' })).not.toBeInTheDocument();
  });

  it('checks the form with the shared rules before sending anything', async () => {
    const calls = fakeApi();
    const { user, dialog } = await openNewGroup();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    // Both empty options say so.
    expect(within(dialog).getAllByText('Each option needs a name.')).toHaveLength(2);

    // Once the fields are right, a multiple choice may not allow more than it offers.
    await user.type(within(dialog).getByLabelText('Name'), 'Toppings');
    await user.type(within(dialog).getByLabelText('Option 1 name'), 'Jelly');
    await user.type(within(dialog).getByLabelText('Option 2 name'), 'Pudding');
    await user.click(within(dialog).getByRole('button', { name: 'Multiple choice' }));
    await user.type(within(dialog).getByLabelText('Maximum'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The maximum cannot be more than the number of options.')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toBeUndefined();
  }, 60_000);

  it('keeps one default in a single-choice group, reorders and removes options, and sends the group', async () => {
    const calls = fakeApi();
    const { user, dialog } = await openNewGroup();
    await user.type(within(dialog).getByLabelText('Name'), 'Milk');
    await user.type(within(dialog).getByLabelText('Khmer name'), 'ទឹកដោះគោ');
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await user.type(within(dialog).getByLabelText('Option 1 name'), 'Oat');
    await user.clear(within(dialog).getByLabelText('Option 1 price'));
    await user.type(within(dialog).getByLabelText('Option 1 price'), '0.5');
    await user.type(within(dialog).getByLabelText('Option 2 name'), 'Fresh');
    await user.type(within(dialog).getByLabelText('Option 3 name'), 'Condensed');
    await user.type(within(dialog).getByLabelText('Option 4 name'), 'Soy');

    // Oat goes last, Soy goes.
    await user.click(within(dialog).getByRole('button', { name: 'Move Oat down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Oat down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move Oat down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove Soy' }));
    expect(within(dialog).getAllByTestId('modifier-option-row')).toHaveLength(3);

    // A second default in a single choice takes the first one's place.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default: Fresh' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default: Condensed' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Default: Fresh' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Default: Condensed' })).toBeChecked();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Tea' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Products' }));
    await user.click(await screen.findByRole('option', { name: /Iced Latte/ }));
    expect(within(dialog).getByRole('list', { name: 'Chosen products' })).toHaveTextContent('Iced Latte');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created modifier group: Milk')).toBeInTheDocument();
    expect(sent(calls, 'POST')).toEqual({
      name: 'Milk',
      name_km: 'ទឹកដោះគោ',
      selection: 'single',
      required: true,
      min: 1,
      max: 1,
      options: [
        { name: 'Fresh', name_km: null, price: 0, is_default: false },
        { name: 'Condensed', name_km: null, price: 0, is_default: true },
        { name: 'Oat', name_km: null, price: 0.5, is_default: false },
      ],
      product_ids: [6],
      category_ids: [2],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 60_000);

  it('edits a group keeping its options’ ids, and shows a taken name on its field', async () => {
    const calls = fakeApi({ refuse: { status: 409, body: { message: 'A modifier group with this name already exists.', errors: { name: ['A modifier group with this name already exists.'] } } } });
    const user = userEvent.setup();
    renderApp('/modifier-groups');
    await user.click(await screen.findByRole('button', { name: 'Edit Size' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit modifier group' });
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Sugar');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('A modifier group with this name already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    const body = sent(calls, 'PUT')!;
    expect(body.options).toEqual([
      { id: 11, name: 'S', name_km: null, price: 0, is_default: false },
      { id: 12, name: 'M', name_km: null, price: 0.5, is_default: true },
      { id: 13, name: 'L', name_km: null, price: 1, is_default: false },
    ]);
    expect(body).toMatchObject({ name: 'Sugar', selection: 'single', min: 1, max: 1, product_ids: [6], category_ids: [1] });
  });

  it('deletes a group after the confirmation', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/modifier-groups');
    await user.click(await screen.findByRole('button', { name: 'Delete Size' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted modifier group')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/modifier-groups/1')).toBe(true);
    expect(await screen.findByText('No modifier groups found.')).toBeInTheDocument();
  });
});
