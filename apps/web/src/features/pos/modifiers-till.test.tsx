import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DISCOUNT_MESSAGES } from '@shop/contracts/pricing';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { saleFixture } from '@/test/sale-fixtures';
import { clearCart, readSavedCart, saleLines, setServicePercent, setTaxEnabled } from './cart-store';

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

const option = (id: number, name: string, price = 0, is_default = false) => ({ id, name, name_km: null, price, is_default });
const group = (id: number, name: string, selection: 'single' | 'multiple', min: number, max: number, options: ReturnType<typeof option>[]) => ({
  id,
  name,
  name_km: null,
  selection,
  required: min > 0,
  min,
  max,
  options,
});

const CATALOG = {
  today: '2026-11-21',
  categories: [{ id: 1, name: 'Coffee' }],
  products: [
    product(1, 'Iced Latte', 'COF-010', 2.5, { barcode: '8850010', modifier_group_ids: [1, 2, 3, 4] }),
    product(2, 'Mango Smoothie', 'SMO-001', 3, { barcode: '8850020', modifier_group_ids: [5] }),
    product(3, 'Butter Croissant', 'BAK-001', 2),
  ],
  modifier_groups: [
    group(1, 'Size', 'single', 1, 1, [option(11, 'S'), option(12, 'M', 0.5, true), option(13, 'L', 1)]),
    group(2, 'Sugar', 'single', 1, 1, [option(21, '50% sugar'), option(22, '100% sugar', 0, true)]),
    group(3, 'Ice', 'single', 1, 1, [option(31, 'Less ice'), option(32, 'Normal ice', 0, true)]),
    group(4, 'Extras', 'multiple', 0, 2, [option(41, 'Extra shot', 0.5), option(42, 'Oat milk', 0.5), option(43, 'Whipped cream', 0.3)]),
    // A required group with no default: nothing is chosen until the cashier taps.
    group(5, 'Fruit base', 'single', 1, 1, [option(51, 'Yogurt'), option(52, 'Coconut')]),
  ],
};

/** A size by its name: "L" or "L+$1.00", never "Less ice". */
const size = (name: string) => new RegExp(`^${name}(\\s*\\+|$)`);

type Call = { method: string; url: URL; body: Record<string, unknown> };

function fakeApi(answerSale: (call: Call, attempt: number) => Response) {
  const calls: Call[] = [];
  let attempts = 0;
  setSession('tok', { ...demoUser, role: 'Staff' });
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    if (url.pathname === '/api/me') return jsonResponse(200, { data: { ...demoUser, role: 'Staff' } });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: { ...DEFAULT_SETTINGS, taxes: { ...DEFAULT_SETTINGS.taxes, enabled: false } } });
    if (url.pathname === '/api/pos/catalog') return jsonResponse(200, { data: CATALOG });
    if (url.pathname === '/api/sales' && call.method === 'POST') return answerSale(call, (attempts += 1));
    if (url.pathname === '/api/approvers') return jsonResponse(200, { data: [{ id: 2, name: 'Manager Demo' }] });
    if (url.pathname === '/api/approvals' && call.method === 'POST') {
      const approval = { token: 'discount-ok', approver: { id: 2, name: 'Manager Demo' }, expires_at: new Date(Date.now() + 600_000).toISOString() };
      return jsonResponse(201, { data: approval, message: 'Approved' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

const sold = (total: number) =>
  jsonResponse(201, {
    data: saleFixture({
      total,
      tendered: total,
      change: 0,
      change_usd: 0,
      change_khr: 0,
      change_all_khr: 0,
      payments: [{ ...saleFixture().payments[0]!, method: 'Card', method_key: 'card', amount: total, value: total }],
    }),
    message: 'Sale recorded successfully!',
  });

async function openTill() {
  const user = userEvent.setup();
  renderApp('/sale');
  await screen.findByRole('list', { name: 'Products' }, { timeout: 15_000 });
  // Found again each time: a scan filters the list away and back.
  const card = (name: string) => within(screen.getByRole('list', { name: 'Products' })).getByRole('button', { name: new RegExp(name) });
  const cart = screen.getByRole('region', { name: /Cart/ });
  return { user, card, cart };
}

async function payByCard(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.click(screen.getByRole('button', { name: `Pay ${amount}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm Payment' });
  await user.click(within(dialog).getByRole('button', { name: 'Card in dollars' }));
  await user.click(within(dialog).getByRole('button', { name: /^Pay/ }));
}

beforeEach(() => {
  clearCart();
  setTaxEnabled(true);
  setServicePercent(null);
});

describe('Options at the till', () => {
  it('opens the chooser with the defaults chosen, one tap per option, and adds the line priced with its options', async () => {
    fakeApi(() => sold(0));
    const { user, card, cart } = await openTill();
    await user.click(card('Iced Latte'));
    const dialog = await screen.findByRole('dialog', { name: 'Iced Latte' });
    // The defaults: M (+$0.50), 100 % sugar, normal ice; no extra.
    expect(within(dialog).getByRole('radio', { name: size('M') })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '100% sugar' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Normal ice' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: size('L') })).toHaveTextContent('+$1.00');
    expect(within(dialog).getByRole('button', { name: 'Add $3.00' })).toBeEnabled();

    await user.click(within(dialog).getByRole('radio', { name: size('L') }));
    await user.click(within(dialog).getByRole('radio', { name: '50% sugar' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Less ice' }));
    // A single choice is a radio button: L replaced M; tapping L again keeps it.
    expect(within(dialog).getByRole('radio', { name: size('M') })).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: size('L') }));
    expect(within(dialog).getByRole('radio', { name: size('L') })).toBeChecked();

    // Extras are toggles up to their maximum (2): the third waits until one is taken back.
    await user.click(within(dialog).getByRole('button', { name: /Extra shot/ }));
    await user.click(within(dialog).getByRole('button', { name: /Oat milk/ }));
    expect(within(dialog).getByRole('button', { name: /Whipped cream/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /Oat milk/ }));
    expect(within(dialog).getByRole('button', { name: /Oat milk/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(dialog).getByRole('button', { name: /Whipped cream/ })).toBeEnabled();

    await user.type(within(dialog).getByLabelText('Note'), 'no condensed milk');
    // $2.50 + L $1.00 + extra shot $0.50; Enter adds.
    expect(within(dialog).getByRole('button', { name: 'Add $4.00' })).toBeEnabled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const line = within(cart).getByRole('listitem');
    expect(line).toHaveTextContent('L · 50% sugar · Less ice · Extra shot');
    expect(line).toHaveTextContent('no condensed milk');
    expect(line).toHaveTextContent('$4.00');
    expect(within(cart).getByText('Total').closest('dl')!).toHaveTextContent('Total$4.00');
  }, 20_000);

  it('keeps Add disabled until a required group without a default is chosen, and Esc adds nothing', async () => {
    fakeApi(() => sold(0));
    const { user, card, cart } = await openTill();
    await user.click(card('Mango Smoothie'));
    let dialog = await screen.findByRole('dialog', { name: 'Mango Smoothie' });
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add $3.00' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cart).getByRole('heading', { name: 'Cart (0)' })).toBeInTheDocument();

    await user.click(card('Mango Smoothie'));
    dialog = await screen.findByRole('dialog', { name: 'Mango Smoothie' });
    await user.click(within(dialog).getByRole('radio', { name: 'Coconut' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add $3.00' }));
    expect(within(cart).getByRole('listitem')).toHaveTextContent('Coconut');
  }, 20_000);

  it('merges the same options into one line, keeps other options apart, and a scan adds the defaults without asking', async () => {
    fakeApi(() => sold(0));
    const { user, card, cart } = await openTill();
    for (let i = 0; i < 2; i += 1) {
      await user.click(card('Iced Latte'));
      await user.click(within(await screen.findByRole('dialog', { name: 'Iced Latte' })).getByRole('button', { name: /^Add/ }));
    }
    expect(within(cart).getAllByRole('listitem')).toHaveLength(1);
    expect(within(cart).getByRole('heading', { name: 'Cart (2)' })).toBeInTheDocument();

    // Scanned: the defaults are enough, so it goes straight onto the same line.
    await user.type(screen.getByPlaceholderText('Search products...'), '8850010{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(cart).getAllByRole('listitem')).toHaveLength(1);
    expect(within(cart).getByRole('heading', { name: 'Cart (3)' })).toBeInTheDocument();

    // Other options: another line.
    await user.click(card('Iced Latte'));
    const dialog = await screen.findByRole('dialog', { name: 'Iced Latte' });
    await user.click(within(dialog).getByRole('radio', { name: size('S') }));
    await user.click(within(dialog).getByRole('button', { name: 'Add $2.50' }));
    expect(within(cart).getAllByRole('listitem')).toHaveLength(2);

    // A scanned product whose defaults are not enough opens the chooser.
    await user.type(screen.getByPlaceholderText('Search products...'), '8850020{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Mango Smoothie' })).toBeInTheDocument();
  }, 20_000);

  it("changes a line's options from the cart: a line that then matches another joins it", async () => {
    fakeApi(() => sold(0));
    const { user, card, cart } = await openTill();
    await user.click(card('Iced Latte'));
    await user.click(within(await screen.findByRole('dialog', { name: 'Iced Latte' })).getByRole('button', { name: /^Add/ }));
    await user.click(card('Iced Latte'));
    let dialog = await screen.findByRole('dialog', { name: 'Iced Latte' });
    await user.click(within(dialog).getByRole('radio', { name: size('L') }));
    await user.click(within(dialog).getByRole('button', { name: 'Add $3.50' }));
    expect(within(cart).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(cart).getAllByRole('button', { name: 'Change Iced Latte' })[1]!);
    dialog = await screen.findByRole('dialog', { name: 'Iced Latte' });
    expect(within(dialog).getByRole('radio', { name: size('L') })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: size('M') }));
    await user.click(within(dialog).getByRole('button', { name: 'Save $3.00' }));
    expect(within(cart).getAllByRole('listitem')).toHaveLength(1);
    expect(within(cart).getByRole('heading', { name: 'Cart (2)' })).toBeInTheDocument();
  }, 20_000);
});

describe('Discounts by hand at the till', () => {
  it('sends the options, the note and the line and order discounts within the limit without asking anyone', async () => {
    const calls = fakeApi(() => sold(3.6));
    const { user, card, cart } = await openTill();
    await user.click(card('Iced Latte'));
    const chooser = await screen.findByRole('dialog', { name: 'Iced Latte' });
    await user.click(within(chooser).getByRole('radio', { name: size('L') }));
    await user.type(within(chooser).getByLabelText('Note'), 'no condensed milk');
    await user.click(within(chooser).getByRole('button', { name: 'Add $3.50' }));
    await user.click(card('Butter Croissant'));

    // 10 % off the latte (the shop's limit), for a staff member.
    await user.click(within(cart).getByRole('button', { name: 'Discount Iced Latte' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discount on Iced Latte' });
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Enter the discount.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Percent off'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Give a reason for the discount.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Staff' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cart).getAllByRole('listitem')[0]).toHaveTextContent('10% · Staff −$0.35');

    // $0.20 off the order (of $5.15), typed reason.
    await user.click(within(cart).getByRole('button', { name: 'Discount the order' }));
    dialog = await screen.findByRole('dialog', { name: 'Discount on the order' });
    await user.click(within(dialog).getByRole('button', { name: 'Amount ($)' }));
    await user.type(within(dialog).getByLabelText('Amount off'), '0.2');
    await user.type(within(dialog).getByLabelText('Reason'), 'Regular');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(cart).getByText('Order discount').closest('div')!).toHaveTextContent('$0.20 · Regular−$0.20');
    expect(screen.queryByRole('dialog', { name: "Manager's approval" })).not.toBeInTheDocument();

    // 3.50 − 0.35 + 2.00 − 0.20 = 4.95
    await payByCard(user, '$4.95');
    expect(await screen.findByText('✅ Sale recorded successfully!')).toBeInTheDocument();
    const body = calls.find((call) => call.url.pathname === '/api/sales')!.body;
    expect(body).toMatchObject({
      total_amount: 4.95,
      discount: { type: 'amount', value: 0.2, reason: 'Regular' },
      discount_approval_token: null,
      items: [
        { product_id: 1, quantity: 1, unit_price: 2.5, modifiers: [13, 22, 32], note: 'no condensed milk', discount: { type: 'percent', value: 10, reason: 'Staff' } },
        { product_id: 3, quantity: 1, unit_price: 2, modifiers: [], note: null, discount: null },
      ],
    });
  }, 20_000);

  it("asks a Manager's PIN for a discount beyond the limit, and sends the approval with the sale", async () => {
    const calls = fakeApi(() => sold(1));
    const { user, card, cart } = await openTill();
    await user.click(card('Butter Croissant'));
    await user.click(within(cart).getByRole('button', { name: 'Discount Butter Croissant' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discount on Butter Croissant' });
    await user.type(within(dialog).getByLabelText('Percent off'), '50');
    await user.click(within(dialog).getByRole('button', { name: 'Damaged' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    dialog = await screen.findByRole('dialog', { name: "Manager's approval" });
    expect(dialog).toHaveTextContent('Discount beyond 10%');
    await user.type(await within(dialog).findByLabelText('PIN'), '1234{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.url.pathname === '/api/approvals')!.body).toEqual({ approver_id: 2, pin: '1234', permission: 'sales:discount-beyond-limit' });
    expect(within(cart).getByText('Discount approved by Manager Demo')).toBeInTheDocument();

    await payByCard(user, '$1.00');
    expect(await screen.findByText('✅ Sale recorded successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/sales')!.body).toMatchObject({
      discount_approval_token: 'discount-ok',
      items: [{ discount: { type: 'percent', value: 50, reason: 'Damaged' } }],
    });
  }, 20_000);

  it("opens the Manager's approval when the server answers that the discount needs one", async () => {
    const calls = fakeApi((_call, attempt) => (attempt === 1 ? jsonResponse(403, { message: DISCOUNT_MESSAGES.needsApproval }) : sold(1.9)));
    const { user, card, cart } = await openTill();
    await user.click(card('Butter Croissant'));
    await user.click(within(cart).getByRole('button', { name: 'Discount Butter Croissant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discount on Butter Croissant' });
    await user.type(within(dialog).getByLabelText('Percent off'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Loyal customer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));

    await payByCard(user, '$1.90');
    const approval = await screen.findByRole('dialog', { name: "Manager's approval" });
    await user.type(await within(approval).findByLabelText('PIN'), '1234{Enter}');
    // Approved: the payment comes back to be confirmed again.
    const payment = await screen.findByRole('dialog', { name: 'Confirm Payment' });
    await user.click(within(payment).getByRole('button', { name: 'Card in dollars' }));
    await user.click(within(payment).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText('✅ Sale recorded successfully!')).toBeInTheDocument();
    const sent = calls.filter((call) => call.url.pathname === '/api/sales');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({ discount_approval_token: 'discount-ok' });
  }, 20_000);
});

describe('The saved cart', () => {
  it('loads a cart saved before options and discounts, and sends its lines for the server to give them their defaults', () => {
    const saved = JSON.stringify({
      lines: [{ key: '1-a', productId: 1, name: 'Iced Latte', sku: 'COF-010', price: 2.5, discountPercent: 0, trackStock: false, qty: 2 }],
      customer: null,
      taxEnabled: true,
      servicePercent: null,
      pending: null,
    });
    const cart = readSavedCart(saved);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ modifiers: [], note: null, discount: null });
    expect(cart.orderDiscount).toBeNull();
    expect(cart.discountApproval).toBeNull();
    expect(saleLines(cart.lines)).toEqual([{ product_id: 1, quantity: 2, unit_price: 2.5, modifiers: null, note: null, discount: null }]);
  });
});
