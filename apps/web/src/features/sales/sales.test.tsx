import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrintJob } from '@shop/contracts/print-job';
import type { Sale } from '@shop/contracts/sale';
import type { Printer } from '@shop/contracts/settings';
import { clearPrintedReceipt } from '@/components/receipt/print-receipt';
import { switchLanguage } from '@/lib/i18n';
import { setTillId } from '@/lib/till';
import kh from '@/lib/locales/kh.json';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { saleFixture, saleItem, settingsFixture } from '@/test/sale-fixtures';

type Call = { method: string; url: URL; headers: Record<string, string>; body: unknown };
/** `recorded`: the refund goes through (the sale becomes Partial and the answer carries it). */
type Answer = Response | 'network-error' | 'recorded';

const LIST_TOTALS = { orders: 12, items: 20, qty: 31, gross: 130, discount: 2, tax: 12.8, service: 0, net: 140.8, refunded: 0 };

/**
 * The API of the sales screen: a list of two sales (12 over two pages), sale 7 in detail, and
 * refunds answered by `refunds` in turn (a network failure, an error, or the recorded refund).
 */
function fakeApi({
  role = 'Manager',
  sale = saleFixture(),
  list,
  detail,
  refunds = [],
  printer,
  print,
}: {
  role?: 'Admin' | 'Manager' | 'Staff';
  sale?: Sale;
  list?: () => Response;
  detail?: () => Response;
  refunds?: Array<(call: Call) => Answer>;
  /** The shop's default receipt printer (Settings → Printers), and how POST /sales/{id}/print answers. */
  printer?: Printer;
  print?: (call: Call) => Response;
} = {}) {
  const user = { ...demoUser, role };
  const calls: Call[] = [];
  let current = sale;
  const base = settingsFixture();
  const settings = {
    ...base,
    payments: { ...base.payments, methods: [...base.payments.methods, { key: 'custom-aba', label: 'ABA Pay', enabled: true }, { key: 'custom-off', label: 'Voucher', enabled: false }] },
    ...(printer ? { printers: { ...base.printers, default: printer.id, list: [printer] } } : {}),
  };
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const call: Call = {
      method: init.method ?? 'GET',
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: settings });
    if (url.pathname === '/api/sales') {
      if (list) return list();
      const walkIn = { ...current, items: undefined, refunds: undefined };
      const regular = saleFixture({ id: 6, code: 'SO-000006', so_no: 'SO-000006', customer_id: 4, customer: { id: 4, name: 'Lina Tan' }, customer_name: 'Lina Tan', payment_method: 'Card', status: 'Refunded', items: undefined, refunds: undefined });
      return jsonResponse(200, { data: [walkIn, regular], meta: { total: 12, per_page: 10, current_page: Number(url.searchParams.get('page') ?? 1), last_page: 2, totals: LIST_TOTALS } });
    }
    if (url.pathname === `/api/sales/${sale.id}`) return detail ? detail() : jsonResponse(200, { data: current });
    if (url.pathname === `/api/sales/${sale.id}/print` && call.method === 'POST' && print) return print(call);
    if (url.pathname === `/api/sales/${sale.id}/refunds` && call.method === 'POST') {
      const answer = refunds.shift()?.(call) ?? jsonResponse(500, { message: 'No answer planned.' });
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      if (answer !== 'recorded') return answer;
      current = saleFixture({ status: 'Partial', refunded: 1.98, items: [saleItem({ refunded_qty: 1 }), ...(sale.items ?? []).slice(1)] });
      return jsonResponse(201, { data: current, refund: { id: 1, code: 'RF-000001', amount: 1.98 }, message: 'Refund recorded' });
    }
    if (url.pathname === `/api/sales/${sale.id}/payments` && call.method === 'POST') {
      current = { ...current, status: 'Paid', paid: current.total, balance: 0 };
      return jsonResponse(201, { data: current, change: { change: 0.13, change_usd: 0, change_khr: 500, change_all_khr: 500 }, message: 'Payment recorded' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

const listCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === '/api/sales');
const lastListQuery = (calls: Call[]) => Object.fromEntries(listCalls(calls).at(-1)!.url.searchParams);
const refundCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname.endsWith('/refunds'));

async function openSale(user: ReturnType<typeof userEvent.setup>, code = 'SO-000007') {
  await user.click(await screen.findByRole('button', { name: `View ${code}` }));
  return screen.findByRole('dialog', { name: `Sale ${code}` });
}

// Whole flows through the real app (lazy screens, dialogs, typing): give them room on a busy machine.
describe('Sales orders', { timeout: 20_000 }, () => {
  afterEach(() => {
    clearPrintedReceipt();
    setTillId(null);
  });

  it('lists sales with their figures and the totals of the filtered set', async () => {
    const calls = fakeApi();
    renderApp('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Orders' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Sales' });
    const walkIn = (await within(table).findByText('SO-000007')).closest('tr')!;
    const cells = within(walkIn).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual(['SO-000007', '2026-11-2110:05', 'Walk-in', '2Qty 5', '$10.34', 'Cash', 'Paid']);
    const lina = within(table).getByText('SO-000006').closest('tr')!;
    expect(within(lina).getByText('Lina Tan')).toBeInTheDocument();
    expect(within(lina).getByText('Refunded')).toBeInTheDocument();

    const summary = screen.getByLabelText('Summary of the filtered sales');
    expect(summary).toHaveTextContent('Orders12');
    expect(summary).toHaveTextContent('Net$140.80');
    expect(lastListQuery(calls)).toEqual({ page: '1', per_page: '10' });
  });

  it('reads statuses, payment methods and channels in Khmer, keeping a method the shop added as typed', async () => {
    await switchLanguage('kh');
    fakeApi();
    renderApp('/orders');
    const table = await screen.findByRole('table', { name: kh['Sales'] });
    const walkIn = (await within(table).findByText('SO-000007')).closest('tr')!;
    expect(within(walkIn).getByText('សាច់ប្រាក់')).toBeInTheDocument();
    expect(within(walkIn).getByText('បានបង់')).toBeInTheDocument();
    const lina = within(table).getByText('SO-000006').closest('tr')!;
    expect(within(lina).getByText('កាត')).toBeInTheDocument();
    expect(within(lina).getByText('បានសងប្រាក់វិញ')).toBeInTheDocument();

    const payments = within(screen.getByLabelText(kh['Payment'])).getAllByRole('option').map((option) => option.textContent);
    expect(payments).toEqual([kh['All'], 'សាច់ប្រាក់', 'កាត', 'ធនាគារ', 'ABA Pay']);
    expect(within(screen.getByLabelText(kh['Channel'])).getByRole('option', { name: 'អនឡាញ' })).toHaveValue('Online');
    expect(within(screen.getByRole('navigation', { name: kh['Breadcrumb'] })).getByText('ការបញ្ជាទិញលក់')).toHaveAttribute('aria-current', 'page');
  });

  it('sends every filter to the server and goes back to page 1 on each change', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/orders');
    await screen.findByText('SO-000007');

    const toPage2 = async () => {
      await user.click(screen.getByRole('button', { name: 'Page 2' }));
      await waitFor(() => expect(lastListQuery(calls).page).toBe('2'));
    };

    await toPage2();
    await user.selectOptions(screen.getByLabelText('Channel'), 'Catering');
    await waitFor(() => expect(lastListQuery(calls)).toEqual({ channel: 'Catering', page: '1', per_page: '10' }));

    await toPage2();
    const payment = screen.getByLabelText('Payment');
    // The spec's three, then the other methods the shop has turned on.
    expect(within(payment).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Cash', 'Card', 'Bank', 'ABA Pay']);
    await user.selectOptions(payment, 'Card');
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ payment: 'Card', page: '1' }));

    await toPage2();
    const status = screen.getByLabelText('Status');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['All', 'Paid', 'Partial', 'Refunded', 'Cancelled']);
    await user.selectOptions(status, 'Partial');
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ status: 'Partial', page: '1' }));

    await toPage2();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ from: '2026-11-01', page: '1' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(lastListQuery(calls)).toMatchObject({ to: '2026-11-30' }));

    await toPage2();
    const before = listCalls(calls).length;
    await user.type(screen.getByPlaceholderText('Search SO number, customer or notes'), 'SO-000007');
    await waitFor(() =>
      expect(lastListQuery(calls)).toEqual({
        q: 'SO-000007',
        from: '2026-11-01',
        to: '2026-11-30',
        channel: 'Catering',
        payment: 'Card',
        status: 'Partial',
        page: '1',
        per_page: '10',
      }),
    );
    // Debounced: one request for the whole word, not one per key.
    expect(listCalls(calls).length - before).toBe(1);
  });

  it('refuses a date range that ends before it starts, without asking the server', async () => {
    const calls = fakeApi();
    renderApp('/orders');
    await screen.findByText('SO-000007');
    const before = listCalls(calls).length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(listCalls(calls).length).toBe(before + 1));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-10' } });
    expect(await screen.findByText('From must be on or before To.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(listCalls(calls).length).toBe(before + 1);
  });

  it("says so when nothing matches, and when the list can't load (with a retry)", async () => {
    let failing = true;
    fakeApi({
      list: () =>
        failing
          ? jsonResponse(500, { message: 'Database is down.' })
          : jsonResponse(200, { data: [], meta: { total: 0, per_page: 10, current_page: 1, last_page: 1, totals: { ...LIST_TOTALS, orders: 0, net: 0 } } }),
    });
    const user = userEvent.setup();
    renderApp('/orders');
    expect(await screen.findByText('Failed to load sales: Database is down.')).toBeInTheDocument();
    const alert = within(screen.getByRole('table', { name: 'Sales' })).getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load sales');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No sales found.')).toBeInTheDocument();
  });

  it('shows a sale with its lines and totals, and prints its receipt', async () => {
    const calls = fakeApi();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/orders');
    const dialog = await openSale(user);
    expect(calls.some((call) => call.url.pathname === '/api/sales/7')).toBe(true);

    for (const fact of ['Staff Demo', 'Walk-in', 'POS', 'Paid']) expect(within(dialog).getByText(fact)).toBeInTheDocument();
    // The method among the facts, and its payment under the totals.
    expect(within(dialog).getAllByText('Cash')).toHaveLength(2);
    expect(within(dialog).getByText('2026-11-21 10:05')).toBeInTheDocument();

    const lines = within(within(dialog).getByRole('table', { name: 'Lines' })).getAllByRole('row').slice(1);
    expect(lines.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Cafe Latte', 'COF-005', '2', '$2.50', '−$1.00 (20%)', '$4.00', '-'],
      ['Butter Croissant', 'BAK-001', '3', '$1.80', '-', '$5.40', '-'],
    ]);

    const totals = within(dialog).getByLabelText('Totals');
    const amount = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(amount('Gross')).toBe('$10.40');
    expect(amount('Discount')).toBe('−$1.00');
    expect(amount('Subtotal')).toBe('$9.40');
    expect(amount('Tax 10%')).toBe('$0.94');
    expect(amount('Service 0%')).toBe('$0.00');
    expect(amount('Total')).toBe('$10.34');
    expect(amount('Cash')).toBe('$20.00');
    expect(amount('Tendered')).toBe('$20.00');
    expect(amount('Change')).toBe('$9.66');
    expect(amount('Change given')).toBe('$9.00 + ៛2,600');
    expect(amount('Rate')).toBe('៛4,000 = $1.00');

    await user.click(within(dialog).getByRole('button', { name: 'Print receipt' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const receipt = within(document.querySelector<HTMLElement>('.receipt-print-root')!).getByRole('article', { name: 'Receipt SO-000007' });
    expect(receipt).toHaveTextContent('Mekong Bean Café');
    expect(receipt).toHaveTextContent('Thank you! Come again.');
  });

  it('reprints a copy on the shop\'s network receipt printer, saying how it went', async () => {
    const counter: Printer = { id: 'counter', name: 'Counter printer', ip: '192.168.1.50', type: 'Receipt', connection: 'network', paperWidth: '58', station: '', drawer: false };
    const refused = 'The printer Counter printer at 192.168.1.50:9100 refused the connection. Check that it is on and plugged into the network.';
    const answers = ['printed', 'failed'] as const;
    const printJob = (status: PrintJob['status']): PrintJob => ({
      id: 600, kind: 'receipt', printer_id: 'counter', printer_name: 'Counter printer', target: '192.168.1.50:9100', till_id: null, sale_id: 7, sale_code: 'SO-000007', ticket_id: null,
      copy: true, open_drawer: false, status, error: status === 'failed' ? refused : null, attempts: 1, bytes: 0, created_by: null, created_at: '2026-11-21T04:00:00.000Z', printed_at: null,
    });
    let printed = 0;
    const calls = fakeApi({
      printer: counter,
      print: () => {
        const status = answers[printed++] ?? 'failed';
        return jsonResponse(200, { data: printJob(status), message: status === 'printed' ? 'Printed' : refused });
      },
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/orders');
    const dialog = await openSale(user);
    await user.click(within(dialog).getByRole('button', { name: 'Print receipt' }));
    expect(await screen.findByText('Printed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Print receipt' }));
    expect(await screen.findByText(`Receipt not printed: ${refused}`)).toBeInTheDocument();
    const sent = calls.filter((call) => call.url.pathname === '/api/sales/7/print');
    expect(sent.map((call) => call.body)).toEqual([
      { till_id: null, copy: true },
      { till_id: null, copy: true },
    ]);
    // Not the browser's print dialog: the printer has it.
    expect(print).not.toHaveBeenCalled();
    // The printer's own picture of the receipt is a tab away.
    await user.click(within(dialog).getByRole('button', { name: 'Printer preview' }));
    expect(within(dialog).getByRole('button', { name: 'Printer preview' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).queryByRole('table', { name: 'Lines' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Details' }));
    expect(within(dialog).getByRole('table', { name: 'Lines' })).toBeInTheDocument();
  });

  it("shows each line's options, note and discount, the order's discount and who approved it", async () => {
    const latte = saleItem({
      modifiers: [
        { option_id: 13, group: 'Size', name: 'L', name_km: 'ធំ', price: 1 },
        { option_id: 21, group: 'Sugar', name: '50% sugar', name_km: null, price: 0 },
      ],
      note: 'no condensed milk',
      line_discount: { type: 'percent', value: 10, reason: 'Staff', amount: 0.35 },
    });
    fakeApi({
      sale: saleFixture({
        items: [latte],
        order_discount: { type: 'amount', value: 0.2, reason: 'Loyal customer', amount: 0.2 },
        discount_approved_by: { id: 2, name: 'Manager Demo' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/orders');
    const dialog = await openSale(user);
    const line = within(within(dialog).getByRole('table', { name: 'Lines' })).getAllByRole('row')[1]!;
    expect(line).toHaveTextContent('L +$1.00 · 50% sugar');
    expect(line).toHaveTextContent('no condensed milk');
    expect(line).toHaveTextContent('Discount 10% · Staff −$0.35');
    expect(within(dialog).getByLabelText('Totals')).toHaveTextContent('Order discount $0.20 · Loyal customer−$0.20');
    expect(within(dialog).getByText('Discount approved by').nextElementSibling).toHaveTextContent('Manager Demo');
  });

  it("says so when a sale can't be loaded", async () => {
    fakeApi({ detail: () => jsonResponse(404, { message: 'Sale not found.' }) });
    const user = userEvent.setup();
    renderApp('/orders');
    await user.click(await screen.findByRole('button', { name: 'View SO-000007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sale details' });
    expect(await within(dialog).findByText('Failed to load sale')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load sale: Sale not found.')).toBeInTheDocument();
  });

  it('refunds the chosen lines once, with one Idempotency-Key per attempt reused on retry', async () => {
    const calls = fakeApi({
      refunds: [
        () => 'network-error',
        () => jsonResponse(503, { message: 'Try again in a moment.' }),
        () => 'recorded',
      ],
    });
    const user = userEvent.setup();
    renderApp('/orders');
    const details = await openSale(user);
    await user.click(within(details).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund SO-000007' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm refund' });
    expect(confirm).toBeDisabled(); // nothing chosen yet
    expect(within(dialog).getByLabelText('Return items to stock')).toBeChecked();

    const latte = within(dialog).getByLabelText('Quantity to refund of Cafe Latte');
    await user.clear(latte);
    await user.type(latte, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Refund all of Butter Croissant' }));
    expect(within(dialog).getByLabelText('Quantity to refund of Butter Croissant')).toHaveValue(3);
    await user.click(within(dialog).getByLabelText('Return items to stock'));
    await user.click(confirm);
    expect(await screen.findByText('Refund failed')).toBeInTheDocument();

    // The same refund again: the same key, so the server can tell it is a retry.
    await user.click(confirm);
    expect(await screen.findByText('Refund failed: Try again in a moment.')).toBeInTheDocument();
    const [first, second] = refundCalls(calls);
    // The money goes back as the sale was paid (cash), in dollars unless riel is chosen.
    expect(first?.body).toEqual({ items: [{ sale_item_id: 11, quantity: 1 }, { sale_item_id: 12, quantity: 3 }], reason: null, method: 'cash', currency: 'USD', restock: false });
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(second?.body).toEqual(first?.body);

    // A changed refund is a new attempt with a new key.
    await user.type(within(dialog).getByLabelText('Reason'), 'Cold coffee');
    await user.click(confirm);
    expect(await screen.findByText('Refund recorded: $1.98')).toBeInTheDocument();
    const third = refundCalls(calls)[2];
    expect(third?.body).toMatchObject({ reason: 'Cold coffee' });
    expect(third?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
    expect(refundCalls(calls)).toHaveLength(3);

    // The refund dialog closes; the details and the list show the new status.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund SO-000007' })).not.toBeInTheDocument());
    expect(await within(details).findByText('Partial')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Sales', hidden: true })).getByText('Partial')).toBeInTheDocument());
  });

  it('refunds a whole sale in riel at the sale’s rate, showing the amount before confirming, from this browser’s till', async () => {
    setTillId(3);
    const calls = fakeApi({ refunds: [() => 'recorded'] });
    const user = userEvent.setup();
    renderApp('/orders');
    const details = await openSale(user);
    await user.click(within(details).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund SO-000007' });
    const toGive = () => within(dialog).getByText(/^To give back/).textContent;
    expect(toGive()).toBe('To give back: $0.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refund whole sale' }));
    expect(within(dialog).getByLabelText('Quantity to refund of Cafe Latte')).toHaveValue(2);
    expect(within(dialog).getByLabelText('Quantity to refund of Butter Croissant')).toHaveValue(3);
    expect(toGive()).toBe('To give back: $10.34');

    // Paid in cash, so it goes back in cash; in riel, $10.34 at the sale's 4,000 is 41,360, rounded up to 41,400.
    expect(within(dialog).getByLabelText('Method')).toHaveValue('cash');
    await user.click(within(dialog).getByRole('button', { name: 'Riel' }));
    expect(within(dialog).getByRole('button', { name: 'Riel' })).toHaveAttribute('aria-pressed', 'true');
    expect(toGive()).toBe('To give back: ៛41,400$10.34 at the sale’s rate of ៛4,000 a dollar');

    // Another method takes dollars only.
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'card');
    expect(within(dialog).queryByRole('button', { name: 'Riel' })).not.toBeInTheDocument();
    expect(toGive()).toBe('To give back: $10.34');
    await user.selectOptions(within(dialog).getByLabelText('Method'), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    await waitFor(() => expect(refundCalls(calls)).toHaveLength(1));
    expect(refundCalls(calls)[0]?.body).toEqual({ items: [{ sale_item_id: 11, quantity: 2 }, { sale_item_id: 12, quantity: 3 }], reason: null, method: 'cash', currency: 'KHR', restock: true, till_id: 3 });
  });

  it("puts the server's reason on the line it is about", async () => {
    const calls = fakeApi({
      refunds: [
        () =>
          jsonResponse(422, {
            message: 'Only 1 of Butter Croissant can still be refunded.',
            errors: { 'items.0.quantity': ['Only 1 of Butter Croissant can still be refunded.'] },
          }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/orders');
    const details = await openSale(user);
    await user.click(within(details).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund SO-000007' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund all of Butter Croissant' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await screen.findByText('Refund failed: Only 1 of Butter Croissant can still be refunded.')).toBeInTheDocument();
    const input = within(dialog).getByLabelText('Quantity to refund of Butter Croissant');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Only 1 of Butter Croissant can still be refunded.');
    expect(refundCalls(calls)[0]?.body).toMatchObject({ items: [{ sale_item_id: 12, quantity: 3 }], restock: true });
  });

  it('refuses more than is left of a line without calling the server', async () => {
    const calls = fakeApi({ sale: saleFixture({ status: 'Partial', items: [saleItem({ refunded_qty: 1 })] }) });
    const user = userEvent.setup();
    renderApp('/orders');
    const details = await openSale(user);
    await user.click(within(details).getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund SO-000007' });
    const latte = within(dialog).getByLabelText('Quantity to refund of Cafe Latte');
    expect(latte).toHaveAttribute('max', '1');
    await user.clear(latte);
    await user.type(latte, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refund' }));
    expect(await within(dialog).findByText('More than is left to refund.')).toBeInTheDocument();
    expect(refundCalls(calls)).toHaveLength(0);
  });

  it("offers Staff their own sales with print, and a refund only with a Manager's approval", async () => {
    const calls = fakeApi({ role: 'Staff' });
    const user = userEvent.setup();
    renderApp('/orders');
    expect(await screen.findByText('The sales you rang up.')).toBeInTheDocument();
    const dialog = await openSale(user);
    expect(within(dialog).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund SO-000007' });
    await user.click(within(refund).getByRole('button', { name: 'Refund whole sale' }));
    await user.click(within(refund).getByRole('button', { name: 'Confirm refund' }));
    // Nothing is sent before a Manager approves.
    expect(await screen.findByRole('dialog', { name: "Manager's approval" })).toBeInTheDocument();
    expect(refundCalls(calls)).toHaveLength(0);
  });

  it('offers no refund once everything has been refunded', async () => {
    fakeApi({ sale: saleFixture({ status: 'Refunded', items: [saleItem({ refunded_qty: 2 })] }) });
    const user = userEvent.setup();
    renderApp('/orders');
    const dialog = await openSale(user);
    expect(within(dialog).getByRole('button', { name: 'Print receipt' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it("takes a payment in riel against a sale left on account, at the sale's own rate, into this browser's till", async () => {
    setTillId(3);
    // $10.34 total, $4.34 paid: $6.00 owed; at the sale's 4,000 riel a dollar that is ៛24,000.
    const owing = saleFixture({ status: 'Partial', customer_id: 4, customer: { id: 4, name: 'Lina Tan' }, customer_name: 'Lina Tan', paid: 4.34, balance: 6, khr_per_usd: 4000 });
    const calls = fakeApi({ sale: owing });
    const user = userEvent.setup();
    renderApp('/orders');
    const details = await openSale(user);
    await user.click(within(details).getByRole('button', { name: 'Take payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take payment for SO-000007' });
    expect(within(dialog).getByText('≈ ៛24,000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cash ៛' }));
    const amount = within(dialog).getByLabelText('Amount in riel');
    expect(amount).toHaveValue(24000);
    await user.clear(amount);
    await user.type(amount, '24500');
    // ៛500 over at 4,000 = 12.5 cents, credited 12: change 12 cents, ៛480 → ៛400 at the 100 step.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Change: ៛400');
    await user.click(within(dialog).getByRole('button', { name: 'Take payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Take payment for SO-000007' })).not.toBeInTheDocument());
    const sent = calls.find((call) => call.url.pathname === '/api/sales/7/payments');
    expect(sent?.body).toEqual({ payments: [{ method: 'cash', currency: 'KHR', amount: 24500 }], till_id: 3 });
    expect(sent?.headers['Idempotency-Key'] ?? sent?.headers['idempotency-key']).toBeTruthy();
    expect(within(details).queryByRole('button', { name: 'Take payment' })).not.toBeInTheDocument();
  });
});
