import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '@shop/contracts/settings';
import { TILL_MESSAGES, type Till } from '@shop/contracts/till';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

type Call = { method: string; path: string; body: unknown };

const SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  printers: {
    default: 'printer-bar',
    list: [
      { id: 'printer-bar', name: 'Bar printer', ip: '192.168.1.50', type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true },
      { id: 'printer-kitchen', name: 'Kitchen printer', ip: '192.168.1.51', type: 'Kitchen', connection: 'network', paperWidth: '80', station: '', drawer: false },
    ],
    label: { width: 50, height: 30 },
  },
  shifts: { required: true, blindCount: true, maxDifference: 2 },
};

function till(overrides: Partial<Till>): Till {
  return { id: 1, name: 'Front counter', printer_id: null, active: true, auto_print: true, open_shift: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z', ...overrides };
}

/**
 * A stand-in for GET/POST/PUT /api/tills behind the settings screen: it keeps the tills, refuses a
 * name another till has (409 on `name`, as the server does), and records every call.
 */
function fakeApi(role: 'Admin' | 'Manager' = 'Admin') {
  const user = { ...demoUser, role };
  const tills: Till[] = [
    till({ id: 1, name: 'Front counter', open_shift: { id: 9, opened_by: { id: 3, name: 'Staff Demo' }, opened_at: '2026-11-25T01:30:00.000Z' } }),
    till({ id: 2, name: 'Bar', printer_id: 'printer-bar' }),
    till({ id: 3, name: 'Counter', auto_print: false }),
  ];
  const calls: Call[] = [];
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: SETTINGS });
    if (url.pathname === '/api/tills' && method === 'GET') return jsonResponse(200, { data: tills });
    const id = /^\/api\/tills(?:\/(\d+))?$/.exec(url.pathname);
    if (id && body && (method === 'POST' || method === 'PUT')) {
      const name = String(body.name).trim();
      const editing = id[1] ? Number(id[1]) : null;
      if (tills.some((other) => other.name.toLowerCase() === name.toLowerCase() && other.id !== editing)) {
        return jsonResponse(409, { message: TILL_MESSAGES.nameTaken, errors: { name: [TILL_MESSAGES.nameTaken] } });
      }
      const fields = { name, printer_id: (body.printer_id as string | null) ?? null, active: body.active !== false, auto_print: body.auto_print !== false };
      if (editing === null) {
        const created = till({ id: tills.length + 1, ...fields });
        tills.push(created);
        return jsonResponse(201, { data: created, message: TILL_MESSAGES.created });
      }
      const index = tills.findIndex((other) => other.id === editing);
      tills[index] = { ...tills[index]!, ...fields };
      return jsonResponse(200, { data: tills[index], message: TILL_MESSAGES.updated });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

async function openTillsTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('tab', { name: 'Tills and shifts' }));
  const panel = screen.getByRole('tabpanel', { name: 'Tills and shifts' });
  return within(panel).findByRole('table', { name: 'Tills' });
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });

describe('Settings → Tills and shifts', { timeout: 20_000 }, () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('lists the tills with their receipt printer and open shift, and the shift settings', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await openTillsTab(user);

    const front = await within(table).findByRole('row', { name: /^Front counter/ });
    expect(within(front).getByText('Shop default')).toBeInTheDocument();
    // 01:30 UTC is 08:30 in Phnom Penh, the shop's time zone.
    expect(within(front).getByText('Staff Demo')).toBeInTheDocument();
    expect(within(front).getByText('Since 2026-11-25 08:30')).toBeInTheDocument();
    const bar = rowOf(table, 'Bar');
    expect(within(bar).getByText('Bar printer')).toBeInTheDocument();
    expect(within(bar).getByText('None')).toBeInTheDocument();
    expect(within(front).getByText('Auto')).toBeInTheDocument();
    expect(within(rowOf(table, 'Counter')).getByText('On tap')).toBeInTheDocument();

    expect(screen.getByLabelText('Require an open shift to sell')).toBeChecked();
    expect(screen.getByLabelText('Blind count')).toBeChecked();
    expect(screen.getByLabelText('Largest difference ($)')).toHaveValue(2);
    expect(screen.getByText(/Riel counts at the shop’s rate \(៛4,100 = \$1\)/)).toBeInTheDocument();
  });

  it('adds a till with a printer, and shows it in the list', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=shifts');
    const table = await openTillsTab(user);

    await user.click(screen.getByRole('button', { name: 'Add till' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add till' });
    await user.type(within(dialog).getByLabelText('Name'), 'Terrace');
    await user.selectOptions(within(dialog).getByLabelText('Receipt printer'), 'Bar printer');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add till' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([{ method: 'POST', path: '/api/tills', body: { name: 'Terrace', printer_id: 'printer-bar', active: true, auto_print: true } }]);
    expect(await within(table).findByRole('row', { name: /^Terrace/ })).toBeInTheDocument();
    expect(await screen.findByText('Till added')).toBeInTheDocument();
  });

  it('adds a till that prints receipts only when the cashier taps Print receipt', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=shifts');
    const table = await openTillsTab(user);

    await user.click(screen.getByRole('button', { name: 'Add till' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add till' });
    await user.type(within(dialog).getByLabelText('Name'), 'Terrace');
    const autoPrint = within(dialog).getByLabelText('Print receipts automatically');
    expect(autoPrint).toBeChecked();
    expect(autoPrint).toHaveAccessibleDescription('Off: the cashier taps Print receipt when the customer wants one');
    await user.click(autoPrint);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add till' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ name: 'Terrace', printer_id: null, active: true, auto_print: false }]);
    const row = await within(table).findByRole('row', { name: /^Terrace/ });
    expect(within(row).getByText('On tap')).toBeInTheDocument();

    // Opened again, the till shows it prints on tap.
    await user.click(within(row).getByRole('button', { name: 'Edit Terrace' }));
    expect(within(await screen.findByRole('dialog', { name: 'Edit till' })).getByLabelText('Print receipts automatically')).not.toBeChecked();
  });

  it('puts a name another till has on the Name field and keeps the dialog open', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await openTillsTab(user);

    await user.click(within(await within(table).findByRole('row', { name: /^Bar/ })).getByRole('button', { name: 'Edit Bar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit till' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Bar');
    expect(within(dialog).getByLabelText('Receipt printer')).toHaveValue('printer-bar');
    await user.clear(name);
    await user.type(name, 'front counter');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(TILL_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual(['/api/tills/2']);

    // Another name, and the till is switched off: saved.
    await user.clear(name);
    await user.type(name, 'Bar terrace');
    await user.click(within(dialog).getByLabelText('Active'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit till' })).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT').at(-1)?.body).toEqual({ name: 'Bar terrace', printer_id: 'printer-bar', active: false, auto_print: true });
    const row = await within(table).findByRole('row', { name: /^Bar terrace/ });
    expect(within(row).getByText('Off')).toBeInTheDocument();
  });

  it('shows a Manager the tills without Add or Edit', async () => {
    fakeApi('Manager');
    const user = userEvent.setup();
    renderApp('/settings');
    const table = await openTillsTab(user);
    expect(await within(table).findByRole('row', { name: /^Bar/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add till' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});
