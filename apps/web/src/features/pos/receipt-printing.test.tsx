import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PrintJob } from '@shop/contracts/print-job';
import { DEFAULT_SETTINGS, type Printer } from '@shop/contracts/settings';
import type { Till } from '@shop/contracts/till';
import { setSession } from '@/features/auth/session-store';
import { setTillId } from '@/lib/till';
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

const COUNTER: Printer = { id: 'counter', name: 'Counter printer', ip: '192.168.1.50', type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true };
const SETTINGS = { ...DEFAULT_SETTINGS, printers: { ...DEFAULT_SETTINGS.printers, default: null, list: [COUNTER] } };
const SHIFT = shiftFixture({ id: 41, till: { id: 1, name: 'Front counter' } });
const SALE = saleFixture({ id: 90, code: 'SO-000090', so_no: 'SO-000090', total: 2.75, till: { id: 1, name: 'Front counter' }, till_id: 1, shift_id: 41 });
const REFUSED = 'The printer Counter printer at 192.168.1.50:9100 refused the connection. Check that it is on and plugged into the network.';

const till = (autoPrint: boolean): Till => ({
  id: 1,
  name: 'Front counter',
  printer_id: 'counter',
  active: true,
  auto_print: autoPrint,
  open_shift: { id: SHIFT.id, opened_by: SHIFT.opened_by, opened_at: SHIFT.opened_at },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

const job = (overrides: Partial<PrintJob> = {}): PrintJob => ({
  id: 500,
  kind: 'receipt',
  printer_id: 'counter',
  printer_name: 'Counter printer',
  target: '192.168.1.50:9100',
  till_id: 1,
  sale_id: SALE.id,
  sale_code: SALE.code,
  ticket_id: null,
  copy: false,
  open_drawer: true,
  status: 'pending',
  error: null,
  attempts: 0,
  bytes: 0,
  created_by: { id: 3, name: 'Staff Demo' },
  created_at: '2026-11-21T03:05:00.000Z',
  printed_at: null,
  ...overrides,
});

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/**
 * The till's server, with the Front counter printing on a network printer. `saleJobs` answers
 * GET /print-jobs?sale_id= in turn (the last answer repeats); `failed` is the till's retry list;
 * `retry` answers POST /print-jobs/{id}/retry; `print` answers POST /sales/{id}/print.
 */
function fakeApi(options: {
  autoPrint: boolean;
  printer?: Printer;
  saleJobs?: PrintJob[][];
  failed?: () => PrintJob[];
  retry?: (id: number) => Response;
  print?: (body: unknown) => Response;
}) {
  const calls: Call[] = [];
  const saleJobs = [...(options.saleJobs ?? [[]])];
  setSession('tok', { ...demoUser, role: 'Staff' });
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const retried = /^\/api\/print-jobs\/(\d+)\/retry$/.exec(url.pathname);
    if (method === 'POST' && retried) return options.retry?.(Number(retried[1])) ?? jsonResponse(500, { message: 'No retry expected.' });
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/me':
        return jsonResponse(200, { data: { ...demoUser, role: 'Staff' } });
      case 'GET /api/settings':
        return jsonResponse(200, { data: options.printer ? { ...SETTINGS, printers: { ...SETTINGS.printers, list: [options.printer] } } : SETTINGS });
      case 'POST /api/print-jobs':
        return jsonResponse(201, { data: job({ id: 700, ...body, target: 'usb' }) });
      case 'GET /api/pos/catalog':
        return jsonResponse(200, { data: CATALOG });
      case 'GET /api/tills':
        return jsonResponse(200, { data: [till(options.autoPrint)] });
      case 'GET /api/shifts/current':
        return jsonResponse(200, { data: SHIFT });
      case 'POST /api/sales':
        return jsonResponse(201, { data: SALE, message: 'Sale recorded successfully!' });
      case 'POST /api/sales/90/print':
        return options.print?.(body) ?? jsonResponse(500, { message: 'No print expected.' });
      case 'GET /api/print-jobs': {
        const data = url.searchParams.get('status') === 'failed' ? (options.failed?.() ?? []) : saleJobs.length > 1 ? saleJobs.shift()! : (saleJobs[0] ?? []);
        return jsonResponse(200, { data, meta: { total: data.length, per_page: 50, current_page: 1, last_page: 1 } });
      }
      default:
        return jsonResponse(404, { message: 'Not found.' });
    }
  });
  return calls;
}

async function sell() {
  const user = userEvent.setup();
  renderApp('/sale');
  const products = await screen.findByRole('list', { name: 'Products' });
  await user.click(within(products).getByRole('button', { name: /Cafe Latte/ }));
  const pay = screen.getByRole('button', { name: /^Pay \$/ });
  await waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  const payment = await screen.findByRole('dialog', { name: 'Confirm Payment' });
  await user.click(within(payment).getByRole('button', { name: 'Card in dollars' }));
  await user.click(within(payment).getByRole('button', { name: 'Pay' }));
  const change = await screen.findByRole('region', { name: /change to give/i });
  return { user, change };
}

beforeEach(() => {
  clearCart();
  setTillId(1);
});

describe('the receipt after a sale at a till with a network printer', { timeout: 20_000 }, () => {
  it('prints by itself: Printing… until the job answers printed, with New sale there all along', async () => {
    fakeApi({ autoPrint: true, saleJobs: [[], [job()], [job({ status: 'printed', attempts: 1, printed_at: '2026-11-21T03:05:01.000Z' })]] });
    const { change } = await sell();
    expect(within(change).getByText('Printing…')).toBeInTheDocument();
    expect(within(change).getByRole('button', { name: /New sale/ })).toBeEnabled();
    expect(await within(change).findByText('Receipt printed')).toBeInTheDocument();
    expect(within(change).queryByRole('button', { name: 'Print receipt' })).not.toBeInTheDocument();
  });

  it('shows why it did not print, and Retry sends the job again', async () => {
    const failedJob = job({ status: 'failed', attempts: 1, error: REFUSED });
    const calls = fakeApi({
      autoPrint: true,
      saleJobs: [[failedJob]],
      failed: () => [failedJob],
      retry: (id) => jsonResponse(200, { data: job({ id, status: 'printed', attempts: 2 }), message: 'Printed' }),
    });
    const { user, change } = await sell();
    expect(await within(change).findByText(`Receipt not printed: ${REFUSED}`)).toBeInTheDocument();
    expect(within(change).getByRole('button', { name: /New sale/ })).toBeEnabled();
    await user.click(within(change).getByRole('button', { name: 'Retry' }));
    expect(await within(change).findByText('Receipt printed')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.path.startsWith('/api/print-jobs/')).map((call) => call.path)).toEqual(['/api/print-jobs/500/retry']);
  });

  it('prints on tap: Print receipt asks the server to print the receipt (not a copy)', async () => {
    const calls = fakeApi({ autoPrint: false, print: () => jsonResponse(200, { data: job({ status: 'printed', attempts: 1 }), message: 'Printed' }) });
    const { user, change } = await sell();
    expect(within(change).queryByText('Printing…')).not.toBeInTheDocument();
    await user.click(within(change).getByRole('button', { name: 'Print receipt' }));
    expect(await within(change).findByText('Receipt printed')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/sales/90/print')?.body).toEqual({ till_id: 1, copy: false });
    // Nothing was asked of the jobs list for this sale: the server printed only when asked.
    expect(calls.some((call) => call.path === '/api/print-jobs' && call.query.get('sale_id') === '90')).toBe(false);
  });
});

describe('the receipt after a sale at a till with a USB printer', { timeout: 20_000 }, () => {
  const usb: Printer = { ...COUNTER, ip: '', connection: 'usb' };

  it('prints here by itself, records how it went, and offers Retry when it did not print', async () => {
    const calls = fakeApi({ autoPrint: true, printer: usb });
    const { user, change } = await sell();
    // jsdom has no printer to reach (nor fonts to draw with): the attempt fails, and says so.
    expect(await within(change).findByText(/^Receipt not printed: /)).toBeInTheDocument();
    const reports = () => calls.filter((call) => call.method === 'POST' && call.path === '/api/print-jobs');
    expect(reports()).toHaveLength(1);
    expect(reports()[0]?.body).toMatchObject({ kind: 'receipt', printer_id: 'counter', till_id: 1, sale_id: 90, copy: false, status: 'failed' });
    // The sale took cash (as the server recorded it) and a drawer is wired to the printer: it opens with the receipt.
    expect(reports()[0]?.body).toMatchObject({ open_drawer: true });
    expect(within(change).getByRole('button', { name: /New sale/ })).toBeEnabled();
    await user.click(within(change).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reports()).toHaveLength(2));
    // Never through the server: it cannot reach a printer on this till.
    expect(calls.some((call) => call.path.endsWith('/print') || call.path.endsWith('/retry'))).toBe(false);
  });

  it('waits for Print receipt when the till prints on tap', async () => {
    const calls = fakeApi({ autoPrint: false, printer: usb });
    const { user, change } = await sell();
    const reports = () => calls.filter((call) => call.method === 'POST' && call.path === '/api/print-jobs');
    expect(within(change).queryByText('Printing…')).not.toBeInTheDocument();
    expect(reports()).toHaveLength(0);
    await user.click(within(change).getByRole('button', { name: 'Print receipt' }));
    await waitFor(() => expect(reports()).toHaveLength(1));
    expect(await within(change).findByText(/^Receipt not printed: /)).toBeInTheDocument();
  });
});

describe("the till's retry list", { timeout: 20_000 }, () => {
  it('shows the failed jobs, retries them all, and hides once they printed', async () => {
    let failed = [
      job({ id: 501, status: 'failed', attempts: 1, error: REFUSED }),
      job({ id: 502, kind: 'drawer', sale_id: null, sale_code: null, status: 'failed', attempts: 1, error: REFUSED }),
      job({ id: 503, kind: 'receipt', sale_code: 'SO-000080', status: 'failed', attempts: 1, error: REFUSED }),
    ];
    const retried: number[] = [];
    const calls = fakeApi({
      autoPrint: false,
      failed: () => failed,
      retry: (id) => {
        retried.push(id);
        failed = failed.filter((candidate) => candidate.id !== id);
        // 503 printed meanwhile at another till: 409, and it simply leaves the list.
        if (id === 503) return jsonResponse(409, { message: 'This job has already printed.' });
        return jsonResponse(200, { data: job({ id, status: 'printed', attempts: 2 }), message: 'Printed' });
      },
    });
    const user = userEvent.setup();
    renderApp('/sale');
    const bar = await screen.findByRole('region', { name: 'Shift' });
    await user.click(await within(bar).findByRole('button', { name: 'Not printed: 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not printed' });
    const rows = within(within(dialog).getByRole('list', { name: 'Print jobs not printed' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Receipt SO-000090', 'Drawer', 'Receipt SO-000080']);
    expect(rows[0]).toHaveTextContent('Counter printer');
    expect(rows[0]).toHaveTextContent(REFUSED);
    expect(within(rows[1]!).getByRole('button', { name: 'Retry Drawer' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Retry all' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Not printed' })).not.toBeInTheDocument());
    expect(retried).toEqual([501, 502, 503]);
    expect(within(bar).queryByRole('button', { name: /Not printed/ })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/print-jobs' && call.query.get('till_id') === '1' && call.query.get('status') === 'failed')).toBe(true);
  });

  it('retries one job from the list; one that still fails stays with its reason', async () => {
    let attempts = 1;
    const failing = () => job({ id: 501, status: 'failed', attempts, error: REFUSED });
    fakeApi({
      autoPrint: false,
      failed: () => [failing()],
      retry: () => {
        attempts += 1;
        return jsonResponse(200, { data: failing(), message: REFUSED });
      },
    });
    const user = userEvent.setup();
    renderApp('/sale');
    const bar = await screen.findByRole('region', { name: 'Shift' });
    await user.click(await within(bar).findByRole('button', { name: 'Not printed: 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Not printed' });
    await user.click(within(dialog).getByRole('button', { name: 'Retry Receipt SO-000090' }));
    expect(await screen.findByText('Receipt SO-000090 not printed')).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(within(dialog).getByRole('button', { name: 'Retry Receipt SO-000090' })).toBeEnabled();
  });

  it('shows nothing while every job printed', async () => {
    const calls = fakeApi({ autoPrint: true, failed: () => [] });
    renderApp('/sale');
    const bar = await screen.findByRole('region', { name: 'Shift' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/print-jobs' && call.query.get('status') === 'failed')).toBe(true));
    expect(within(bar).queryByRole('button', { name: /Not printed/ })).not.toBeInTheDocument();
  });
});
