import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { Shift, ShiftReport } from '@shop/contracts/shift';
import type { Till } from '@shop/contracts/till';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { settingsFixture } from '@/test/sale-fixtures';
import { shiftFixture } from '@/test/shift-fixtures';

const person = (id: number, name: string) => ({ id, name });

const TILLS: Till[] = [
  { id: 1, name: 'Front counter', printer_id: null, active: true, auto_print: true, open_shift: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' },
  { id: 2, name: 'Bar', printer_id: null, active: true, auto_print: true, open_shift: null, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' },
];


/** Closed yesterday at the bar, $1.50 short and ៛2,000 over. */
const CLOSED = shiftFixture({
  id: 7,
  till: { id: 2, name: 'Bar' },
  status: 'closed',
  business_date: '2026-11-24',
  opened_at: '2026-11-24T01:00:00.000Z',
  closed_by: person(2, 'Manager Demo'),
  closed_at: '2026-11-24T11:00:00.000Z',
  counted: [
    { currency: 'KHR', amount: 152000 },
    { currency: 'USD', amount: 118.5 },
  ],
  expected: [
    { currency: 'USD', amount: 120 },
    { currency: 'KHR', amount: 150000 },
  ],
  difference: [
    { currency: 'USD', amount: -1.5 },
    { currency: 'KHR', amount: 2000 },
  ],
  note: 'Counted twice',
  z_number: 12,
  z_code: 'Z-000012',
});
const OPEN = shiftFixture({ id: 8 });

function report(of: Shift): ShiftReport {
  const sales = { orders: 3, items: 4, qty: 5, gross: 20, discount: 0, tax: 2, service: 0, net: 22, refunded: 0, net_after_refunds: 22 };
  const line = (currency: 'USD' | 'KHR', float: number, counted: number | null, expected: number, difference: number | null) => ({
    currency,
    float,
    cash_sales: currency === 'USD' ? 70 : 50000,
    change: 0,
    pay_ins: 0,
    pay_outs: 0,
    refunds: 0,
    expected,
    counted,
    difference,
  });
  return {
    kind: of.status === 'closed' ? 'Z' : 'X',
    shift: of,
    shop: { name: 'Mekong Bean Café', address: '', phone: '' },
    sales,
    drawer:
      of.status === 'closed'
        ? [line('USD', 50, 118.5, 120, -1.5), line('KHR', 100000, 152000, 150000, 2000)]
        : [line('USD', 50, null, 120, null), line('KHR', 100000, null, 150000, null)],
    methods: [],
    movements: [],
    no_sales: 0,
    generated_at: of.closed_at ?? '2026-11-25T05:00:00.000Z',
  };
}

type Call = { method: string; url: URL };

/** The API behind the Shifts screen: the tills, a page of two shifts (12 in all), each shift's report. */
function fakeApi(role: 'Admin' | 'Manager' | 'Staff' = 'Manager') {
  const user = { ...demoUser, role };
  const calls: Call[] = [];
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    calls.push({ method: init.method ?? 'GET', url });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: settingsFixture() });
    if (url.pathname === '/api/tills') return jsonResponse(200, { data: TILLS });
    if (url.pathname === '/api/shifts') {
      const page = Number(url.searchParams.get('page') ?? 1);
      return jsonResponse(200, { data: [OPEN, CLOSED], meta: { total: 12, per_page: 10, current_page: page, last_page: 2 } });
    }
    const match = /^\/api\/shifts\/(\d+)\/report$/.exec(url.pathname);
    if (match) {
      const found = [OPEN, CLOSED].find((one) => one.id === Number(match[1]));
      return found ? jsonResponse(200, { data: report(found) }) : jsonResponse(404, { message: 'Shift not found.' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

const listQueries = (calls: Call[]) => calls.filter((call) => call.url.pathname === '/api/shifts').map((call) => Object.fromEntries(call.url.searchParams));

describe('Shifts screen', { timeout: 20_000 }, () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('lists the shifts with their float, count and difference per currency, short in red and over in amber', async () => {
    fakeApi();
    renderApp('/shifts');
    const table = await screen.findByRole('table', { name: 'Shifts' });
    const closed = await within(table).findByRole('row', { name: /^Bar/ });
    expect(within(closed).getByText('Z-000012')).toBeInTheDocument();
    expect(within(closed).getByText('Shift closed')).toBeInTheDocument();
    expect(within(closed).getByText('Manager Demo')).toBeInTheDocument();
    // Dollars before riel whatever the order sent, and each difference says which way it is off.
    const short = within(closed).getByText('-$1.50 (short)');
    const over = within(closed).getByText('+៛2,000 (over)');
    expect(short).toHaveClass('text-red-700');
    expect(over).toHaveClass('text-amber-700');
    expect(short.compareDocumentPosition(over) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const counted = within(closed).getByText('$118.50');
    expect(counted.compareDocumentPosition(within(closed).getByText('៛152,000')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const open = within(table).getByRole('row', { name: /^Front counter/ });
    expect(within(open).getByText('Shift open')).toBeInTheDocument();
    expect(within(open).getByText('$50.00')).toBeInTheDocument();
    expect(within(open).getByText('៛100,000')).toBeInTheDocument();
  });

  it('asks the API for the till, status and dates chosen, from page 1 again', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/shifts');
    await screen.findByRole('row', { name: /^Bar/ });
    expect(listQueries(calls).at(-1)).toEqual({ page: '1', per_page: '10' });

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(listQueries(calls).at(-1)).toEqual({ page: '2', per_page: '10' }));

    await waitFor(() => expect(within(screen.getByLabelText('Till')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Till'), 'Bar');
    await user.selectOptions(screen.getByLabelText('Status'), 'Shift closed');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-24');
    await waitFor(() =>
      expect(listQueries(calls).at(-1)).toEqual({ till_id: '2', status: 'closed', from: '2026-11-01', to: '2026-11-24', page: '1', per_page: '10' }),
    );

    // A range that ends before it starts is not asked of the server.
    const before = calls.length;
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-10-01');
    expect(await screen.findByText('From must be on or before To.')).toBeInTheDocument();
    expect(listQueries(calls.slice(before)).filter((query) => query.to === '2026-10-01')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('Till')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByText('From must be on or before To.')).toBeNull();
    expect(await screen.findByRole('row', { name: /^Bar/ })).toBeInTheDocument();
  });

  it("opens a closed shift's Z-report, and an open shift's X-report with Close shift", async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/shifts');
    await user.click(await screen.findByRole('button', { name: /^View the shift at Bar/ }));
    const z = await screen.findByRole('dialog', { name: 'Z-report Z-000012 · Bar' });
    expect(within(z).getByText('Counted twice')).toBeInTheDocument();
    expect(within(z).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(within(z).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(within(z).queryByRole('button', { name: 'Close shift' })).toBeNull();
    await user.click(within(z).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: /^View the shift at Front counter/ }));
    const x = await screen.findByRole('dialog', { name: 'X-report · Front counter' });
    await user.click(within(x).getByRole('button', { name: 'Close shift' }));
    expect(await screen.findByRole('dialog', { name: 'Close shift: Front counter' })).toBeInTheDocument();
  });

  it('opens the shift a link names (/shifts?shift=7, from the dashboard)', async () => {
    fakeApi('Admin');
    renderApp('/shifts?shift=7');
    expect(await screen.findByRole('dialog', { name: 'Z-report Z-000012 · Bar' })).toBeInTheDocument();
  });

  it('is not for Staff: no sidebar link, and the address shows the not-available page', async () => {
    const calls = fakeApi('Staff');
    renderApp('/shifts');
    expect(await screen.findByText(/not available for your role/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shifts' })).toBeNull();
    expect(listQueries(calls)).toEqual([]);
  });
});
