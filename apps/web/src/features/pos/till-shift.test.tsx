import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import type { DrawerLine, Shift, ShiftReport } from '@shop/contracts/shift';
import type { Till } from '@shop/contracts/till';
import { setSession } from '@/features/auth/session-store';
import { readTillId, setTillId } from '@/lib/till';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { saleFixture } from '@/test/sale-fixtures';
import { shiftFixture } from '@/test/shift-fixtures';
import { clearCart } from './cart-store';

const CATALOG = {
  today: '2026-11-21',
  categories: [{ id: 1, name: 'Coffee' }],
  modifier_groups: [],
  products: [
    { id: 1, name: 'Cafe Latte', sku: 'COF-005', barcode: null, price: 2.5, category_id: 1, image: null, track_stock: false, stock: 0, expired: 0, discount_percent: 0, promotion: null, modifier_group_ids: [] },
  ],
};

const SETTINGS = { ...DEFAULT_SETTINGS, shifts: { required: true, blindCount: true, maxDifference: 2 } };
const staff = { id: 3, name: 'Staff Demo' };

const openShift = (till: Pick<Till, 'id' | 'name'>): Shift =>
  shiftFixture({
    id: 41,
    till,
    business_date: '2026-11-21',
    opened_by: staff,
    opened_at: '2026-11-21T01:05:00.000Z',
    float: [
      { currency: 'USD', amount: 20 },
      { currency: 'KHR', amount: 20_000 },
    ],
  });

const till = (id: number, name: string, shift: Shift | null): Till => ({
  id,
  name,
  printer_id: null,
  active: true,
  auto_print: true,
  open_shift: shift ? { id: shift.id, opened_by: shift.opened_by, opened_at: shift.opened_at } : null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

const line = (currency: 'USD' | 'KHR', expected: number, counted: number): DrawerLine => ({
  currency,
  float: expected,
  cash_sales: 0,
  change: 0,
  pay_ins: 0,
  pay_outs: 0,
  refunds: 0,
  expected,
  counted,
  difference: counted - expected,
});

/** The shift's report: nothing sold yet, the float in the drawer. */
const xReport = (shift: Shift): ShiftReport => ({
  kind: 'X',
  shift,
  shop: { name: 'Demo Cafe', address: '', phone: '' },
  sales: { orders: 0, items: 0, qty: 0, gross: 0, discount: 0, tax: 0, service: 0, net: 0, refunded: 0, net_after_refunds: 0 },
  drawer: [line('USD', 20, 20), line('KHR', 20_000, 20_000)].map((l) => ({ ...l, counted: null, difference: null })),
  methods: [],
  movements: [],
  no_sales: 0,
  generated_at: '2026-11-21T11:00:00.000Z',
});

type Call = { method: string; path: string; body: unknown; headers: Record<string, string> };

/**
 * The till's server: two tills, "Front counter" (id 1) and "Bar" (id 2); `shift` is the one open
 * at the Front counter, if any. Closing answers 409 until a note and an approval come with it.
 */
function fakeApi(options: {
  shift: Shift | null;
  sale?: () => Response;
  movement?: (attempt: number) => Response | Promise<Response>;
  role?: 'Staff' | 'Admin';
  noTills?: boolean;
  blindCount?: boolean;
}) {
  let movements = 0;
  const role = options.role ?? 'Staff';
  const calls: Call[] = [];
  let current = options.shift;
  setSession('tok', { ...demoUser, role });
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body, headers: (init.headers ?? {}) as Record<string, string> });
    const front = { id: 1, name: 'Front counter' };
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/me':
        return jsonResponse(200, { data: { ...demoUser, role } });
      case 'GET /api/settings':
        return jsonResponse(200, { data: { ...SETTINGS, shifts: { ...SETTINGS.shifts, blindCount: options.blindCount ?? true } } });
      case 'GET /api/shifts/41/report':
        return jsonResponse(200, { data: xReport(current ?? openShift(front)) });
      case 'GET /api/pos/catalog':
        return jsonResponse(200, { data: CATALOG });
      case 'GET /api/tills':
        return jsonResponse(200, { data: options.noTills ? [] : [till(1, 'Front counter', current), till(2, 'Bar', null)] });
      case 'GET /api/shifts/current':
        return jsonResponse(200, { data: url.searchParams.get('till_id') === '1' ? current : null });
      case 'POST /api/shifts':
        current = openShift(front);
        return jsonResponse(201, { data: current, message: 'Shift opened' });
      case 'POST /api/sales':
        if (body.till_id && !current) return jsonResponse(409, { message: 'Open a shift at this till before selling.', code: 'shift_required' });
        return options.sale?.() ?? jsonResponse(500, { message: 'No sale expected.' });
      case 'POST /api/shifts/41/movements':
        return options.movement?.((movements += 1)) ?? jsonResponse(500, { message: 'No movement expected.' });
      case 'GET /api/approvers':
        return jsonResponse(200, { data: [{ id: 2, name: 'Manager Demo' }] });
      case 'POST /api/approvals':
        return jsonResponse(201, { data: { token: 'approval-7', approver: { id: 2, name: 'Manager Demo' }, expires_at: new Date(Date.now() + 600_000).toISOString() }, message: 'Approved' });
      case 'POST /api/shifts/41/close': {
        const drawer = [line('USD', 20, body.counted[0].amount), line('KHR', 20_000, body.counted[1].amount)];
        if (!body.approval_token || !body.note) {
          return jsonResponse(409, { message: "The count is off by more than the shop allows: a Manager's approval and a note are needed.", code: 'difference_needs_approval', drawer });
        }
        const closed: Shift = { ...openShift(front), status: 'closed', closed_by: staff, closed_at: '2026-11-21T11:00:00.000Z', note: body.note, approved_by: { id: 2, name: 'Manager Demo' }, z_number: 7, z_code: 'Z-000007' };
        current = null;
        return jsonResponse(200, { data: { ...xReport(closed), kind: 'Z', drawer }, message: 'Shift closed' });
      }
      default:
        return jsonResponse(404, { message: 'Not found.' });
    }
  });
  /** Someone closes the shift elsewhere (another browser, a Manager). */
  const closeElsewhere = () => {
    current = null;
  };
  return Object.assign(calls, { closeElsewhere });
}

async function openTill() {
  const user = userEvent.setup();
  renderApp('/sale');
  const products = await screen.findByRole('list', { name: 'Products' });
  const bar = () => screen.getByRole('region', { name: 'Shift' });
  return { user, products, bar };
}

beforeEach(() => {
  clearCart();
  setTillId(1);
});

describe('the till and its shift', () => {
  it('asks which till this browser is when none is set, and keeps the choice', async () => {
    setTillId(null);
    fakeApi({ shift: openShift({ id: 1, name: 'Front counter' }) });
    const { user } = await openTill();
    const tills = await screen.findByRole('list', { name: 'Tills' });
    expect(within(tills).getByRole('button', { name: /Front counter/ })).toHaveTextContent('Shift open · Staff Demo');
    expect(screen.getByText('Choose which till this is before selling.')).toBeInTheDocument();
    await user.click(within(tills).getByRole('button', { name: /Front counter/ }));
    expect(readTillId()).toBe(1);
    const bar = await screen.findByRole('region', { name: 'Shift' });
    expect(await within(bar).findByText(/^Open since \d\d:\d\d · Staff Demo$/)).toBeInTheDocument();
    // Staff cannot move the browser to another till afterwards.
    expect(within(bar).queryByRole('button', { name: 'Change till' })).not.toBeInTheDocument();
  });

  it('sells as before in a shop without tills, where an Admin is pointed to where tills are added', async () => {
    setTillId(null);
    const calls = fakeApi({ shift: null, role: 'Admin', noTills: true, sale: () => jsonResponse(201, { data: saleFixture({ total: 2.75 }), message: 'Sale recorded successfully!' }) });
    const { user, products } = await openTill();
    expect(await screen.findByRole('link', { name: 'Settings → Tills' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Shift' })).not.toBeInTheDocument();
    await user.click(within(products).getByRole('button', { name: /Cafe Latte/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $2.75' }));
    const payment = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(payment).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(payment).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('✅ Sale recorded successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/sales')?.body).not.toHaveProperty('till_id');
  });

  it('does not sell without an open shift, opens one with the float, sells with the till, and asks again after a 409 shift_required', async () => {
    const calls = fakeApi({ shift: null, sale: () => jsonResponse(201, { data: saleFixture({ total: 2.75 }), message: 'Sale recorded successfully!' }) });
    const { user, products, bar } = await openTill();
    expect(await within(bar()).findByText('No open shift')).toBeInTheDocument();
    await user.click(within(products).getByRole('button', { name: /Cafe Latte/ }));
    const pay = screen.getByRole('button', { name: 'Pay $2.75' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Open a shift at this till before selling.');

    await user.click(within(screen.getByRole('region', { name: /Cart/ })).getByRole('button', { name: 'Open shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a shift: Front counter' });
    await user.type(within(dialog).getByLabelText('Number of $10 notes'), '2');
    await user.type(within(dialog).getByLabelText('Number of ៛20,000 notes'), '1{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Open a shift: Front counter' })).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/shifts')?.body).toEqual({
      till_id: 1,
      float: [
        { currency: 'USD', amount: 20, denominations: [{ value: 10, count: 2 }] },
        { currency: 'KHR', amount: 20_000, denominations: [{ value: 20_000, count: 1 }] },
      ],
    });
    expect(await within(bar()).findByText(/^Open since/)).toBeInTheDocument();

    // The sale carries this browser's till.
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    let payment = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(payment).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(payment).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('✅ Sale recorded successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/sales')?.body).toMatchObject({ till_id: 1 });

    // Closed meanwhile elsewhere: the server refuses, and the till offers to open a shift.
    calls.closeElsewhere();
    await user.click(within(products).getByRole('button', { name: /Cafe Latte/ }));
    await user.click(screen.getByRole('button', { name: 'Pay $2.75' }));
    payment = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(payment).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(payment).getByRole('button', { name: 'Pay' }));
    expect(await screen.findByRole('dialog', { name: 'Open a shift: Front counter' })).toBeInTheDocument();
  });

  it('pays cash out with a quick reason, and a retry after a lost answer sends the same key', async () => {
    const calls = fakeApi({
      shift: openShift({ id: 1, name: 'Front counter' }),
      movement: (attempt) =>
        attempt === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(201, { data: { id: 5, shift_id: 41, type: 'out', currency: 'KHR', amount: 8000, reason: 'Ice', user: staff, created_at: '2026-11-21T03:00:00.000Z' }, message: 'Recorded' }),
    });
    const { user, bar } = await openTill();
    await user.click(await within(bar()).findByRole('button', { name: 'Pay out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay in or out' });
    await user.click(within(dialog).getByRole('button', { name: 'Riel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record pay out' }));
    // Nothing is sent without an amount and a reason.
    expect(within(dialog).getByText('Type a whole number of riel, more than 0.')).toBeInTheDocument();
    expect(within(dialog).getByText('Say what the money is for.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount in riel'), '8000');
    await user.click(within(dialog).getByRole('button', { name: 'Ice' }));
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Ice');
    await user.click(within(dialog).getByRole('button', { name: 'Record pay out' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Recording failed');
    await user.click(within(dialog).getByRole('button', { name: 'Record pay out' }));
    expect(await screen.findByText('Paid out: ៛8,000')).toBeInTheDocument();

    const sent = calls.filter((call) => call.path === '/api/shifts/41/movements');
    expect(sent.map((call) => call.body)).toEqual([
      { type: 'out', currency: 'KHR', amount: 8000, reason: 'Ice' },
      { type: 'out', currency: 'KHR', amount: 8000, reason: 'Ice' },
    ]);
    expect(sent[0]!.headers['idempotency-key']).toBeTruthy();
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
  });

  it('shows what the drawer should hold beside the count when the shop does not count blind', async () => {
    fakeApi({ shift: openShift({ id: 1, name: 'Front counter' }), blindCount: false });
    const { user, bar } = await openTill();
    await user.click(await within(bar()).findByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close shift: Front counter' });
    const dollars = within(dialog).getByRole('group', { name: 'Dollars' });
    expect(await within(dollars).findByText('Expected')).toBeInTheDocument();
    expect(dollars).toHaveTextContent('Expected$20.00');
    expect(within(dialog).getByRole('group', { name: 'Riel' })).toHaveTextContent('Expected៛20,000');
  });

  it('keeps what the drawer should hold from the cashier with a blind count', async () => {
    const calls = fakeApi({ shift: openShift({ id: 1, name: 'Front counter' }) });
    const { user, bar } = await openTill();
    await user.click(await within(bar()).findByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close shift: Front counter' });
    await user.type(within(dialog).getByLabelText('Number of $10 notes'), '2');
    expect(within(dialog).getByRole('group', { name: 'Dollars' })).toHaveTextContent('Total Dollars$20.00');
    expect(within(dialog).queryByText('Expected')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/shifts/41/report')).toBe(false);
  });

  it("closes with a count that is off: shows the figures, wants a note, and resends with a Manager's approval", async () => {
    const calls = fakeApi({ shift: openShift({ id: 1, name: 'Front counter' }) });
    const { user, bar } = await openTill();
    await user.click(await within(bar()).findByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close shift: Front counter' });
    await user.click(within(dialog).getByRole('button', { name: 'Type totals' }));
    await user.type(within(dialog).getByLabelText('Dollars counted'), '15');
    await user.type(within(dialog).getByLabelText('Riel counted'), '20000');
    await user.click(within(dialog).getByRole('button', { name: 'Close shift' }));

    // The blind count's first sight of what the drawer should hold.
    const figures = await within(dialog).findByRole('table', { name: 'Difference per currency' });
    expect(within(figures).getByRole('row', { name: /Dollars/ })).toHaveTextContent('Dollars$20.00$15.00-$5.00 (short)');
    expect(within(figures).getByRole('row', { name: /Riel/ })).toHaveTextContent('Riel៛20,000៛20,000៛0 (exact)');
    const note = within(dialog).getByLabelText('Why is the count off?');
    await waitFor(() => expect(note).toHaveFocus());

    // A note first, then a Manager's PIN.
    await user.click(within(dialog).getByRole('button', { name: "Ask a Manager's approval" }));
    expect(within(dialog).getByText('Say why the count is off.')).toBeInTheDocument();
    await user.type(note, 'Paid the milk man from the drawer');
    await user.click(within(dialog).getByRole('button', { name: "Ask a Manager's approval" }));
    const approval = await screen.findByRole('dialog', { name: "Manager's approval" });
    await user.type(await within(approval).findByLabelText('PIN'), '1234');
    await user.click(within(approval).getByRole('button', { name: 'Approve' }));

    const closed = await screen.findByRole('dialog', { name: 'Shift closed' });
    expect(within(closed).getByText('Z-report Z-000007')).toBeInTheDocument();
    expect(closed).toHaveTextContent('Approved byManager Demo');
    const closes = calls.filter((call) => call.path === '/api/shifts/41/close');
    expect(closes.map((call) => call.body)).toEqual([
      { counted: [{ currency: 'USD', amount: 15 }, { currency: 'KHR', amount: 20_000 }], note: null },
      { counted: [{ currency: 'USD', amount: 15 }, { currency: 'KHR', amount: 20_000 }], note: 'Paid the milk man from the drawer', approval_token: 'approval-7' },
    ]);
    await user.click(within(closed).getByRole('button', { name: 'Done' }));
    expect(await within(bar()).findByText('No open shift')).toBeInTheDocument();
  });
});
