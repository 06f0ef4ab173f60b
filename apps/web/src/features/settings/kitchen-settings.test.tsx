import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { Category } from '@shop/contracts/category';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings-defaults';
import type { Settings } from '@shop/contracts/settings';
import { setSession } from '@/features/auth/session-store';
import { switchLanguage } from '@/lib/i18n';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const category = (id: number, name: string): Category => ({
  id,
  name,
  description: null,
  products_count: 3,
  modifier_group_ids: [],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const CATEGORIES = [category(1, 'Bakery'), category(2, 'Coffee'), category(3, 'Snacks'), category(4, 'Tea')];

/** The demo shop's stations: drinks at the bar, pastries in the kitchen, snacks from the counter. */
const DEMO_KITCHEN: Settings['kitchen'] = {
  stations: ['Bar', 'Kitchen'],
  routes: [
    { category_id: 2, station: 'Bar' },
    { category_id: 4, station: 'Bar' },
    { category_id: 1, station: 'Kitchen' },
  ],
};

type Answer = { status: number; body: unknown };

/** GET /api/settings, /api/categories and PUT /api/settings/kitchen (echoed back unless `answerPut` says otherwise). */
function fakeApi(options: { role?: 'Admin' | 'Manager'; answerPut?: (body: unknown) => Answer | undefined } = {}) {
  const user = { ...demoUser, role: options.role ?? 'Admin' };
  const settings: Settings = { ...structuredClone(DEFAULT_SETTINGS), kitchen: structuredClone(DEMO_KITCHEN) };
  const puts: unknown[] = [];
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: settings });
    if (url.pathname === '/api/categories') return jsonResponse(200, { data: CATEGORIES, meta: { total: 4, per_page: 1000, current_page: 1, last_page: 1 } });
    if (url.pathname === '/api/settings/kitchen' && init.method === 'PUT') {
      const body = JSON.parse(init.body as string) as unknown;
      puts.push(body);
      const answer = options.answerPut?.(body);
      if (answer) return jsonResponse(answer.status, answer.body);
      return jsonResponse(200, { data: body, message: 'Settings saved' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return puts;
}

async function kitchenTab() {
  return within(await screen.findByRole('tabpanel', { name: 'Kitchen' }, { timeout: 15_000 }));
}

describe('Settings → Kitchen', { timeout: 60_000 }, () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('shows the stations and which one makes each category, and saves a new station and route', async () => {
    const puts = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=kitchen');
    const tab = await kitchenTab();
    expect(tab.getByRole('textbox', { name: 'Station 1' })).toHaveValue('Bar');
    expect(tab.getByRole('textbox', { name: 'Station 2' })).toHaveValue('Kitchen');
    expect(await tab.findByRole('combobox', { name: 'Coffee' })).toHaveValue('Bar');
    expect(tab.getByRole('combobox', { name: 'Bakery' })).toHaveValue('Kitchen');
    expect(tab.getByRole('combobox', { name: 'Snacks' })).toHaveValue('');
    expect(within(tab.getByRole('combobox', { name: 'Snacks' })).getByRole('option', { selected: true })).toHaveTextContent('None (handed over at the counter)');

    await user.click(tab.getByRole('button', { name: 'Add station' }));
    await user.type(tab.getByRole('textbox', { name: 'Station 3' }), 'Grill');
    await user.selectOptions(tab.getByRole('combobox', { name: 'Snacks' }), 'Grill');
    await user.selectOptions(tab.getByRole('combobox', { name: 'Tea' }), '');
    await user.click(tab.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      stations: ['Bar', 'Kitchen', 'Grill'],
      routes: [
        { category_id: 2, station: 'Bar' },
        { category_id: 1, station: 'Kitchen' },
        { category_id: 3, station: 'Grill' },
      ],
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('takes its categories along when a station is renamed, and hands them to the counter when it is removed', async () => {
    const puts = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=kitchen');
    const tab = await kitchenTab();
    await tab.findByRole('combobox', { name: 'Coffee' });

    const bar = tab.getByRole('textbox', { name: 'Station 1' });
    await user.clear(bar);
    await user.type(bar, 'Drinks bar');
    expect(tab.getByRole('combobox', { name: 'Coffee' })).toHaveValue('Drinks bar');
    expect(tab.getByRole('combobox', { name: 'Tea' })).toHaveValue('Drinks bar');

    await user.click(tab.getByRole('button', { name: 'Remove Kitchen' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove station?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(tab.queryByRole('textbox', { name: 'Station 2' })).not.toBeInTheDocument();
    expect(tab.getByRole('combobox', { name: 'Bakery' })).toHaveValue('');

    await user.click(tab.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      stations: ['Drinks bar'],
      routes: [
        { category_id: 2, station: 'Drinks bar' },
        { category_id: 4, station: 'Drinks bar' },
      ],
    });
  });

  it('refuses a nameless or twice-listed station before calling the server, in Khmer too', async () => {
    const puts = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=kitchen');
    const tab = await kitchenTab();
    await user.click(tab.getByRole('button', { name: 'Add station' }));
    await user.click(tab.getByRole('button', { name: 'Save' }));
    const nameless = tab.getByRole('textbox', { name: 'Station 3' });
    await waitFor(() => expect(nameless).toHaveAccessibleDescription('Each station needs a name.'));

    await user.type(nameless, 'bar');
    await user.click(tab.getByRole('button', { name: 'Save' }));
    expect(await tab.findByText('The station bar is listed twice.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await switchLanguage('kh');
    expect(await tab.findByText('ស្ថានីយ bar មានក្នុងបញ្ជីពីរដង។')).toBeInTheDocument();
  });

  it("shows the server's refusal on the list it names", async () => {
    fakeApi({ answerPut: () => ({ status: 422, body: { message: 'Grill is not one of the stations.', errors: { routes: ['Grill is not one of the stations.'] } } }) });
    const user = userEvent.setup();
    renderApp('/settings?tab=kitchen');
    const tab = await kitchenTab();
    await user.selectOptions(await tab.findByRole('combobox', { name: 'Snacks' }), 'Bar');
    await user.click(tab.getByRole('button', { name: 'Save' }));
    expect(await tab.findByRole('alert')).toHaveTextContent('Grill is not one of the stations.');
    expect(await screen.findByText('Save failed: Grill is not one of the stations.')).toBeInTheDocument();
  });

  it('is read-only for a Manager', async () => {
    fakeApi({ role: 'Manager' });
    renderApp('/settings?tab=kitchen');
    const tab = await kitchenTab();
    expect(tab.getByRole('textbox', { name: 'Station 1' })).toBeDisabled();
    expect(await tab.findByRole('combobox', { name: 'Coffee' })).toBeDisabled();
    expect(tab.queryByRole('button', { name: 'Add station' })).not.toBeInTheDocument();
    expect(tab.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
