import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { saleFixture } from '@/test/sale-fixtures';
import { clearCart, setServicePercent, setTaxEnabled } from './cart-store';

const product = (id: number, name: string, sku: string, price: number, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  sku,
  barcode: null,
  price,
  category_id: 1,
  image: null,
  track_stock: false,
  stock: 0,
  expired: 0,
  discount_percent: 0,
  promotion: null,
  modifier_group_ids: [],
  ...extra,
});

const CATALOG = {
  today: '2026-11-21',
  modifier_groups: [],
  categories: [
    { id: 1, name: 'Coffee' },
    { id: 2, name: 'Bakery' },
  ],
  products: [
    product(1, 'Cafe Latte', 'COF-005', 2.5, { discount_percent: 20, promotion: 'Latte week' }),
    product(2, 'Butter Croissant', 'BAK-001', 1.8, { category_id: 2, track_stock: true, stock: 2, barcode: '8850001' }),
    product(3, 'Lemon Cookies', 'SNK-003', 1.5, { category_id: 2, track_stock: true, stock: 0, expired: 4 }),
  ],
};

type Call = { method: string; url: URL; body: unknown; headers: Record<string, string> };

function fakeApi(answerSale: (call: Call, attempt: number) => Response | Promise<Response>) {
  const calls: Call[] = [];
  let attempts = 0;
  setSession('tok', { ...demoUser, role: 'Staff' });
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string> };
    calls.push(call);
    if (url.pathname === '/api/me') return jsonResponse(200, { data: { ...demoUser, role: 'Staff' } });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: DEFAULT_SETTINGS });
    if (url.pathname === '/api/pos/catalog') return jsonResponse(200, { data: CATALOG });
    if (url.pathname === '/api/sales' && call.method === 'POST') return answerSale(call, (attempts += 1));
    if (url.pathname === '/api/approvers') return jsonResponse(200, { data: [{ id: 2, name: 'Manager Demo' }] });
    if (url.pathname === '/api/approvals' && call.method === 'POST') {
      const approval = { token: 'approval-1', approver: { id: 2, name: 'Manager Demo' }, expires_at: new Date(Date.now() + 600_000).toISOString() };
      return jsonResponse(201, { data: approval, message: 'Approved' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

/** The recorded sale as the server answers it: by default paid exactly by card. */
const saleAnswer = (total: number, overrides: Parameters<typeof saleFixture>[0] = {}) =>
  jsonResponse(201, {
    data: saleFixture({
      total,
      tendered: total,
      change: 0,
      change_usd: 0,
      change_khr: 0,
      change_all_khr: 0,
      payments: [{ ...saleFixture().payments[0]!, method: 'Card', method_key: 'card', amount: total, value: total }],
      ...overrides,
    }),
    message: 'Sale recorded successfully!',
  });

async function openTill() {
  const user = userEvent.setup();
  renderApp('/sale');
  const products = await screen.findByRole('list', { name: 'Products' }, { timeout: 15_000 });
  const card = (name: string) => within(products).getByRole('button', { name: new RegExp(name) });
  const cart = screen.getByRole('region', { name: /Cart/ });
  return { user, card, cart };
}

beforeEach(() => {
  clearCart();
  setTaxEnabled(true);
  setServicePercent(null);
});

describe('Point of sale', () => {
  it('adds a tapped product, adds one more on a second tap, and prices the cart with promotion and tax', async () => {
    fakeApi(() => saleAnswer(0));
    const { user, card, cart } = await openTill();
    expect(screen.getByRole('button', { name: /^Pay / })).toBeDisabled();

    // Each tap is said to a screen reader, a second tap on the same card too: with the count in the cart.
    const said = () => screen.getAllByRole('status').map((status) => status.textContent);
    await user.click(card('Cafe Latte'));
    expect(said()).toContain('Added Cafe Latte, 1 in the cart');
    await user.click(card('Cafe Latte'));
    expect(said()).toContain('Added Cafe Latte, 2 in the cart');
    await user.click(card('Butter Croissant'));
    expect(within(cart).getByRole('heading', { name: 'Cart (3)' })).toBeInTheDocument();
    expect(within(cart).getAllByRole('listitem')).toHaveLength(2);
    // 2 lattes at 2.50 less 20% (1.00) + croissant 1.80: subtotal 6.80, discount 1.00, tax 0.58, total 6.38.
    const totals = within(cart).getByText('Subtotal').closest('dl')!;
    expect(totals).toHaveTextContent('Subtotal$6.80');
    expect(totals).toHaveTextContent('Discount−$1.00');
    expect(totals).toHaveTextContent('Tax$0.58');
    expect(totals).toHaveTextContent('Total$6.38');
    expect(screen.getByRole('button', { name: 'Pay $6.38' })).toBeEnabled();

    expect(within(cart).getByRole('button', { name: 'One less Butter Croissant' })).toBeDisabled();
    // A tap is said to a screen reader, and shown by its line in the cart (no toast over the till).
    expect(said()).toContain('Added Butter Croissant, 1 in the cart');
    expect(screen.queryByText(/Added Butter Croissant/, { selector: '[data-sonner-toast] *' })).toBeNull();
  });

  it("asks a Staff member for a Manager's PIN to switch tax off, and sends the approval with the sale", async () => {
    const calls = fakeApi(() => saleAnswer(5.8));
    const { user, card, cart } = await openTill();
    await user.click(card('Cafe Latte'));
    await user.click(card('Cafe Latte'));
    await user.click(card('Butter Croissant'));
    const totals = within(cart).getByText('Subtotal').closest('dl')!;

    await user.click(within(cart).getByRole('switch'));
    let dialog = await screen.findByRole('dialog', { name: "Manager's approval" });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cart).getByRole('switch')).toBeChecked();
    expect(totals).toHaveTextContent('Total$6.38');

    await user.click(within(cart).getByRole('switch'));
    dialog = await screen.findByRole('dialog', { name: "Manager's approval" });
    await user.type(await within(dialog).findByLabelText('PIN'), '1234{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cart).getByRole('switch')).not.toBeChecked();
    expect(totals).toHaveTextContent('Total$5.80');
    expect(within(cart).getByText('Approved by Manager Demo')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/approvals')!.body).toEqual({ approver_id: 2, pin: '1234', permission: 'sales:override-tax' });

    await user.click(screen.getByRole('button', { name: 'Pay $5.80' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(dialog).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('✅ Sale recorded successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/sales')!.body).toMatchObject({ tax_enabled: false, approval_token: 'approval-1' });
    // The approval was for that cart: the next one starts with tax on again.
    expect(within(cart).getByRole('switch')).toBeChecked();
  }, 20_000);

  it('refuses an out-of-stock product and more than is on hand', async () => {
    fakeApi(() => saleAnswer(0));
    const { user, card, cart } = await openTill();
    expect(card('Lemon Cookies')).toHaveTextContent('Out of stock');
    // Units past their date are shown apart, and not counted as stock.
    expect(card('Lemon Cookies')).toHaveTextContent('4 expired');
    expect(card('Butter Croissant')).not.toHaveTextContent('expired');
    await user.click(card('Lemon Cookies'));
    expect(await screen.findByText('Only 0 left of Lemon Cookies')).toBeInTheDocument();
    await user.click(card('Butter Croissant'));
    await user.click(card('Butter Croissant'));
    await user.click(card('Butter Croissant'));
    expect(await screen.findByText('Only 2 left of Butter Croissant')).toBeInTheDocument();
    expect(within(cart).getByRole('heading', { name: 'Cart (2)' })).toBeInTheDocument();
  });

  it('puts a scanned barcode in the cart', async () => {
    fakeApi(() => saleAnswer(0));
    const { user, cart } = await openTill();
    await user.type(screen.getByPlaceholderText('Search products...'), '8850001{Enter}');
    expect(within(cart).getByText('Butter Croissant')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search products...')).toHaveValue('');
    // A scan says what it found: the cashier's eyes are on the customer, not the cart.
    expect(await screen.findByText('Added Butter Croissant', { selector: '[data-sonner-toast] *' })).toBeInTheDocument();
  });

  it('takes cash in dollars and riel: Pay waits for enough, shows the change, and sends one sale with a key', async () => {
    const cash = { ...saleFixture().payments[0]!, method: 'Cash', method_key: 'cash' };
    const calls = fakeApi(() =>
      saleAnswer(1.98, {
        tendered: 2.21,
        change: 0.23,
        change_khr: 900,
        change_all_khr: 900,
        payments: [
          { ...cash, amount: 1, value: 1 },
          { ...cash, id: 2, currency: 'KHR', amount: 5000, value: 1.21 },
        ],
      }),
    );
    const { user, card, cart } = await openTill();
    await user.click(card('Butter Croissant'));
    await user.click(screen.getByRole('button', { name: 'Pay $1.98' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    expect(pay).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Cash in dollars'), '1');
    expect(pay).toBeDisabled();
    // The shop's rate is ៛4,100: 98 cents are ៛4,018, asked for as ៛4,100.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Remaining due: $0.98 or ៛4,100');
    await user.click(within(dialog).getByRole('button', { name: 'Cash in riel' }));
    await user.keyboard('5000');
    // ៛5,000 is $1.21: 23 cents over, under a dollar, so all in riel: ៛943 rounded down to ៛900.
    expect(within(dialog).getByRole('status')).toHaveTextContent('Change: ៛900');
    await user.click(pay);

    expect(await screen.findByText('✅ Sale recorded successfully!')).toBeInTheDocument();
    const sale = calls.find((call) => call.method === 'POST')!;
    expect(sale.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sale.body).toEqual({
      payments: [
        { method: 'cash', currency: 'USD', amount: 1, khqr: null },
        { method: 'cash', currency: 'KHR', amount: 5000, khqr: null },
      ],
      change_in: 'mixed',
      on_account: false,
      items: [{ product_id: 2, quantity: 1, unit_price: 1.8, modifiers: [], note: null, discount: null }],
      total_amount: 1.98,
      customer_id: null,
      channel: 'POS',
      tax_enabled: true,
      service_percent: 0,
      approval_token: null,
      discount: null,
      discount_approval_token: null,
      sale_date: expect.any(String),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Payment' })).not.toBeInTheDocument());
    expect(within(cart).getByRole('heading', { name: 'Cart (0)' })).toBeInTheDocument();

    // The change the server recorded stays up, with the sale's number and payments, until the next sale starts.
    const change = within(cart).getByRole('region', { name: 'Change to give' });
    expect(within(change).getByRole('status')).toHaveTextContent('៛900');
    expect(change).toHaveTextContent('SO-000007');
    expect(change).toHaveTextContent('Paid $1.98: Cash $1.00 + ៛5,000');
    await user.click(card('Cafe Latte'));
    expect(within(cart).queryByRole('region', { name: 'Change to give' })).not.toBeInTheDocument();
  });

  it('keeps the cart when the server fails on the payment, and retries with the same key and request', async () => {
    const calls = fakeApi((_call, attempt) => (attempt === 1 ? jsonResponse(500, { message: 'Failed to submit sale' }) : saleAnswer(2.75)));
    const { user, card, cart } = await openTill();
    await user.click(card('Cafe Latte'));
    await user.click(screen.getByRole('button', { name: 'Pay $2.20' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to submit sale');
    expect(within(cart).getByText('Cafe Latte')).toBeInTheDocument();
    expect(screen.getByText(/The last payment was not confirmed/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Pay $2.20' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(within(cart).getByRole('heading', { name: 'Cart (0)' })).toBeInTheDocument());

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.headers['Idempotency-Key']).toBe(posts[0]!.headers['Idempotency-Key']);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
  });

  it('shows the first message of each field of a 422, and takes the new prices of a 409', async () => {
    const calls = fakeApi((_call, attempt) =>
      attempt === 1
        ? jsonResponse(409, { message: 'Prices have changed since the cart was filled. Check the new prices and pay again.', prices: [{ product_id: 2, unit_price: 2, discount_percent: 0 }], total_amount: 2.2 })
        : jsonResponse(422, { message: 'Choose one of the payment methods: Cash.', errors: { 'payments.0.method': ['Choose one of the payment methods: Cash.', 'second'], payments: ['The payments do not cover the total.'] } }),
    );
    const { user, card } = await openTill();
    await user.click(card('Butter Croissant'));
    await user.click(screen.getByRole('button', { name: 'Pay $1.98' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Prices have changed');
    // The dialog's total follows the server's price at once: the card line now falls short.
    expect(within(dialog).getByText('$2.20')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Remaining due: $0.22');
    expect(within(dialog).getByRole('button', { name: 'Pay' })).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Card in dollars'));
    await user.type(within(dialog).getByLabelText('Card in dollars'), '2.2');

    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose one of the payment methods: Cash.The payments do not cover the total.'));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[1]!.headers['Idempotency-Key']).not.toBe(posts[0]!.headers['Idempotency-Key']);
    expect(posts[1]!.body).toMatchObject({ items: [{ product_id: 2, quantity: 1, unit_price: 2 }], total_amount: 2.2, payments: [{ method: 'card', currency: 'USD', amount: 2.2 }] });
  });
});

describe('Point of sale from the keyboard', () => {
  const scanBox = () => screen.getByPlaceholderText('Search products...');
  const line = (cart: HTMLElement, name: string) => within(cart).getByText(name).closest('li')!;

  it('scans codes, changes the selected line with + − and the arrows, pays with F2 and Enter, and is ready for the next scan', async () => {
    const cash = { ...saleFixture().payments[0]!, amount: 50, value: 50 };
    const calls = fakeApi(() => saleAnswer(8.58, { tendered: 50, change: 41.42, change_usd: 41, change_khr: 1700, change_all_khr: 169800, payments: [cash] }));
    const { user, cart } = await openTill();
    await user.type(scanBox(), '8850001{Enter}');
    await user.type(scanBox(), 'cof-005{Enter}');
    expect(scanBox()).toHaveFocus();
    expect(line(cart, 'Cafe Latte')).toHaveAttribute('aria-current', 'true');

    await user.keyboard('++');
    expect(within(line(cart, 'Cafe Latte')).getByLabelText('Quantity')).toHaveTextContent('3');
    await user.keyboard('{ArrowUp}');
    expect(line(cart, 'Butter Croissant')).toHaveAttribute('aria-current', 'true');
    expect(line(cart, 'Cafe Latte')).not.toHaveAttribute('aria-current');
    await user.keyboard('+-+');
    expect(within(line(cart, 'Butter Croissant')).getByLabelText('Quantity')).toHaveTextContent('2');
    await user.keyboard('-');
    expect(within(cart).getByRole('heading', { name: 'Cart (4)' })).toBeInTheDocument();

    // 3 lattes at 2.00 (20% off 2.50) + 1 croissant at 1.80 = 7.80, plus 0.78 tax.
    const payButton = screen.getByRole('button', { name: 'Pay $8.58' });
    expect(payButton).toHaveAttribute('aria-keyshortcuts', 'F2 Control+Enter');
    await user.keyboard('{F2}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    const tendered = within(dialog).getByLabelText('Cash in dollars');
    expect(tendered).toHaveFocus();
    await user.keyboard('5{Enter}');
    // Not enough cash: Enter does nothing.
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Remaining due/);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.keyboard('0{Enter}');

    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    const sale = calls.find((call) => call.method === 'POST')!;
    expect(sale.body).toMatchObject({ items: [{ product_id: 2, quantity: 1 }, { product_id: 1, quantity: 3 }], payments: [{ method: 'cash', currency: 'USD', amount: 50 }] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(scanBox()).toHaveFocus());
    // The change stays up until Enter in the empty scan box starts the next sale.
    expect(within(cart).getByRole('region', { name: 'Change to give' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(within(cart).queryByRole('region', { name: 'Change to give' })).not.toBeInTheDocument();
    expect(scanBox()).toHaveFocus();
  }, 15_000);

  it('clears with F4, leaves other fields their keys, cancels the payment with Escape and gives focus back to Pay', async () => {
    fakeApi(() => saleAnswer(0));
    const { user, card, cart } = await openTill();
    await user.click(card('Cafe Latte'));
    // A click puts focus back in the scan box, ready for the scanner.
    expect(scanBox()).toHaveFocus();

    // In the scan box, − is part of a code while there is one.
    await user.type(scanBox(), 'BAK-');
    expect(scanBox()).toHaveValue('BAK-');
    expect(within(line(cart, 'Cafe Latte')).getByLabelText('Quantity')).toHaveTextContent('1');
    await user.clear(scanBox());

    // The service charge field keeps + and, while it holds a number, Ctrl+Backspace for itself.
    const service = within(cart).getByLabelText('Service Charge (%)');
    await user.clear(service);
    await user.type(service, '5+');
    await user.keyboard('{Control>}{Backspace}{/Control}');
    expect(within(line(cart, 'Cafe Latte')).getByLabelText('Quantity')).toHaveTextContent('1');
    expect(within(cart).getByRole('heading', { name: 'Cart (1)' })).toBeInTheDocument();

    const pay = screen.getByRole('button', { name: 'Pay $2.20' });
    await user.click(pay);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    // Shortcuts of the till are off while its dialog is open.
    await user.keyboard('{F4}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dialog).not.toBeInTheDocument();
    expect(within(cart).getByRole('heading', { name: 'Cart (1)' })).toBeInTheDocument();
    await waitFor(() => expect(pay).toHaveFocus());

    await user.keyboard('{F4}');
    expect(within(cart).getByRole('heading', { name: 'Cart (0)' })).toBeInTheDocument();
    expect(await screen.findByText('Cart cleared')).toBeInTheDocument();
  }, 15_000);

  it('pays by card from the keyboard: the card line starts at the total, and Enter pays', async () => {
    const calls = fakeApi(() => saleAnswer(2.2));
    const { user } = await openTill();
    await user.type(scanBox(), 'COF-005{Enter}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Card in dollars' }));
    expect(within(dialog).getByLabelText('Card in dollars')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({ payments: [{ method: 'card', currency: 'USD', amount: 2.2 }] });
  }, 15_000);

  it('says when a scanned code matches no product', async () => {
    fakeApi(() => saleAnswer(0));
    const { user, cart } = await openTill();
    await user.type(scanBox(), 'ZZ-404{Enter}');
    expect(await screen.findByText('No product with the code ZZ-404')).toBeInTheDocument();
    expect(within(cart).getByRole('heading', { name: 'Cart (0)' })).toBeInTheDocument();
  }, 15_000);
});
