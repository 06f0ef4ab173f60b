import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';

const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

type Named = { id: number; name: string; sku: string; category_id: number };
const products: Named[] = (await call(tokens.Manager, 'GET', '/api/products?per_page=100')).body.data;
const categories: Named[] = (await call(tokens.Manager, 'GET', '/api/categories?per_page=100')).body.data;
const product = (sku: string) => products.find((p) => p.sku === sku)!;
const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;
const latte = product('COF-005');
const tea = product('TEA-004');
const americano = product('COF-002');

await call(tokens.Admin, 'PUT', '/api/settings/kitchen', {
  stations: ['Bar', 'Kitchen'],
  routes: [
    { category_id: categoryId('Coffee'), station: 'Bar' },
    { category_id: categoryId('Tea'), station: 'Kitchen' },
  ],
});

const board = async (station: string, status = 'open') => (await call(tokens.Staff, 'GET', `/api/kitchen/tickets?station=${station}&status=${status}`)).body.data;

/** Pays an order (or some lines) in cash at the server's own total, learnt from its 409 first. */
async function pay(token: string, orderId: number, lineIds?: number[]) {
  const body = { sale_date: clock.now().toISOString(), payment_method: 'Cash', total_amount: 0, ...(lineIds ? { line_ids: lineIds } : {}) };
  const quote = await call(token, 'POST', `/api/open-orders/${orderId}/pay`, body);
  expect(quote.body).toMatchObject({ message: 'Prices have changed since the cart was filled. Check the new prices and pay again.' });
  const paid = await call(token, 'POST', `/api/open-orders/${orderId}/pay`, { ...body, total_amount: quote.body.total_amount, tendered: quote.body.total_amount });
  return paid;
}

describe(`open orders (${dbKind})`, () => {
  it('parks a cart for table 4, sends each line to its station, and lists it on every till', async () => {
    const placed = await call(tokens.Staff, 'POST', '/api/open-orders', {
      table: ' 4 ',
      service: 'dine_in',
      lines: [
        { product_id: latte.id, quantity: 2, note: 'no condensed milk' },
        { product_id: tea.id, quantity: 1 },
      ],
    });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe('Order placed');
    expect(placed.body.data).toMatchObject({
      code: 'OO-000001',
      table: '4',
      name: null,
      service: 'dine_in',
      status: 'open',
      open_amount: 6.25,
      lines: [
        { product_name: 'Cafe Latte', quantity: 2, note: 'no condensed milk', status: 'open', sale_id: null },
        { product_name: 'Jasmine Tea', quantity: 1, status: 'open' },
      ],
      created_by: { name: 'Staff Demo' },
    });

    const other = await call(tokens.Manager, 'GET', '/api/open-orders');
    expect(other.body.data.map((o: { code: string }) => o.code)).toEqual(['OO-000001']);

    const bar = await board('Bar');
    expect(bar).toHaveLength(1);
    expect(bar[0]).toMatchObject({ station: 'Bar', order_code: 'OO-000001', table: '4', service: 'dine_in', done_at: null, items: [{ name: 'Cafe Latte', quantity: 2, note: 'no condensed milk', done: false }] });
    expect((await board('Kitchen'))[0].items).toEqual([expect.objectContaining({ name: 'Jasmine Tea', quantity: 1 })]);
  });

  it('adds from another till as a new ticket with only what is new, and keeps every line of additions made at once', async () => {
    const [order] = (await call(tokens.Manager, 'GET', '/api/open-orders?q=4')).body.data;
    const added = await call(tokens.Manager, 'POST', `/api/open-orders/${order.id}/lines`, { lines: [{ product_id: americano.id, quantity: 1 }] });
    expect(added.status).toBe(201);
    expect(added.body.data.lines).toHaveLength(3);
    const bar = await board('Bar');
    expect(bar.map((ticket: { items: { name: string }[] }) => ticket.items.map((item) => item.name))).toEqual([['Cafe Latte'], ['Americano']]);

    const at = await Promise.all(
      Array.from({ length: 12 }, (_, index) => call(index % 2 ? tokens.Staff : tokens.Manager, 'POST', `/api/open-orders/${order.id}/lines`, { lines: [{ product_id: americano.id, quantity: 1, note: `round ${index}` }] })),
    );
    expect(at.map((answer) => answer.status)).toEqual(Array(12).fill(201));
    const after = (await call(tokens.Staff, 'GET', `/api/open-orders/${order.id}`)).body.data;
    expect(after.lines).toHaveLength(15);
    expect(new Set(after.lines.map((line: { note: string | null }) => line.note)).size).toBe(12 + 2);
  });

  it('pays the bill split by items into two sales, closing the order with the last one', async () => {
    const [order] = (await call(tokens.Staff, 'GET', '/api/open-orders?q=4')).body.data;
    const [first, second, ...rest] = order.lines.map((line: { id: number }) => line.id);
    const one = await pay(tokens.Staff, order.id, [first, second]);
    expect(one.status).toBe(201);
    expect(one.body.data.items.map((item: { product_name: string }) => item.product_name)).toEqual(['Cafe Latte', 'Jasmine Tea']);
    expect(one.body.order.status).toBe('open');
    expect(one.body.order.lines.filter((line: { status: string }) => line.status === 'paid').map((line: { sale_id: number }) => line.sale_id)).toEqual([one.body.data.id, one.body.data.id]);

    const twice = await call(tokens.Staff, 'POST', `/api/open-orders/${order.id}/pay`, { sale_date: clock.now().toISOString(), payment_method: 'Cash', total_amount: 1, line_ids: [first] });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('A chosen line is already paid or voided, or is not on this order.');

    const two = await pay(tokens.Manager, order.id);
    expect(two.status).toBe(201);
    expect(two.body.data.items).toHaveLength(rest.length);
    expect(two.body.order).toMatchObject({ status: 'paid', open_amount: 0, sale_ids: [one.body.data.id, two.body.data.id] });
    expect(two.body.message).toBe('Order paid');
    expect((await call(tokens.Staff, 'GET', '/api/open-orders')).body.data).toEqual([]);

    const late = await call(tokens.Staff, 'POST', `/api/open-orders/${order.id}/lines`, { lines: [{ product_id: americano.id, quantity: 1 }] });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This order is no longer open.');
  });

  it('voids an order with its reason, taking its tickets off the boards', async () => {
    const placed = await call(tokens.Staff, 'POST', '/api/open-orders', { name: 'Dara', service: 'take_away', lines: [{ product_id: latte.id, quantity: 1 }] });
    expect((await board('Bar')).some((ticket: { order_id: number }) => ticket.order_id === placed.body.data.id)).toBe(true);
    const noReason = await call(tokens.Staff, 'POST', `/api/open-orders/${placed.body.data.id}/void`, { reason: ' ' });
    expect(noReason.status).toBe(422);
    const voided = await call(tokens.Staff, 'POST', `/api/open-orders/${placed.body.data.id}/void`, { reason: 'Customer left' });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ status: 'voided', void_reason: 'Customer left', lines: [{ status: 'voided' }] });
    expect((await board('Bar')).some((ticket: { order_id: number }) => ticket.order_id === placed.body.data.id)).toBe(false);
    expect((await pay(tokens.Staff, placed.body.data.id).catch(() => null))?.status ?? 409).not.toBe(201);
    expect((await call(tokens.Staff, 'GET', '/api/open-orders?status=voided')).body.data[0].void_reason).toBe('Customer left');
  });

  it('refuses an order without a table or name, unknown products and options not offered, writing nothing', async () => {
    const before = (await call(tokens.Staff, 'GET', '/api/open-orders?status=all')).body.meta.total;
    const nameless = await call(tokens.Staff, 'POST', '/api/open-orders', { lines: [{ product_id: latte.id, quantity: 1 }] });
    expect(nameless.status).toBe(422);
    expect(nameless.body.errors.table).toEqual(['Give the order a table or a name.']);
    const unknown = await call(tokens.Staff, 'POST', '/api/open-orders', { table: '9', lines: [{ product_id: 999_999, quantity: 1 }] });
    expect(unknown.body.errors).toEqual({ 'lines.0.product_id': ['This product does not exist.'] });
    const stray = await call(tokens.Staff, 'POST', '/api/open-orders', { table: '9', lines: [{ product_id: latte.id, quantity: 1, modifiers: [999_999] }] });
    expect(stray.status).toBe(422);
    expect(stray.body.errors['lines.0.modifiers']).toEqual(['This option does not exist.']);
    expect((await call(tokens.Staff, 'GET', '/api/open-orders?status=all')).body.meta.total).toBe(before);
  });

  it('places an order once however often the till retries with the same key', async () => {
    const body = { table: '7', lines: [{ product_id: americano.id, quantity: 1 }] };
    const key = 'order-table-7-attempt';
    const send = () => app.inject({ method: 'POST', url: '/api/open-orders', headers: { ...bearer(tokens.Staff), 'idempotency-key': key }, payload: body });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect((await call(tokens.Staff, 'GET', '/api/open-orders?q=7')).body.data).toHaveLength(1);
  });
});

describe(`the kitchen's board (${dbKind})`, () => {
  it('marks an item done, then the ticket, which leaves the board and can be recalled', async () => {
    const placed = await call(tokens.Staff, 'POST', '/api/open-orders', {
      table: '12',
      lines: [
        { product_id: latte.id, quantity: 1 },
        { product_id: americano.id, quantity: 2 },
      ],
    });
    const ticket = (await board('Bar')).find((t: { order_id: number }) => t.order_id === placed.body.data.id);
    const item = await call(tokens.Staff, 'POST', `/api/kitchen/tickets/${ticket.id}/done`, { item_id: ticket.items[0].id });
    expect(item.body.data.items.map((i: { done: boolean }) => i.done)).toEqual([true, false]);
    expect(item.body.data.done_at).toBeNull();
    const stranger = await call(tokens.Staff, 'POST', `/api/kitchen/tickets/${ticket.id}/done`, { item_id: 999_999 });
    expect(stranger.status).toBe(422);

    const all = await call(tokens.Staff, 'POST', `/api/kitchen/tickets/${ticket.id}/done`, {});
    expect(all.body.data.done_at).not.toBeNull();
    expect((await board('Bar')).some((t: { id: number }) => t.id === ticket.id)).toBe(false);
    expect((await board('Bar', 'done'))[0].id).toBe(ticket.id);

    const recalled = await call(tokens.Staff, 'POST', `/api/kitchen/tickets/${ticket.id}/recall`);
    expect(recalled.body.data).toMatchObject({ done_at: null, items: [{ done: false }, { done: false }] });
    expect((await board('Bar')).some((t: { id: number }) => t.id === ticket.id)).toBe(true);
    expect((await call(tokens.Staff, 'POST', '/api/kitchen/tickets/999999/done', {})).status).toBe(404);
  });

  it('sends a sale rung up at the till to its stations, and an order’s bill nothing more', async () => {
    const before = await board('Bar');
    const sold = await app.inject({
      method: 'POST',
      url: '/api/sales',
      headers: bearer(tokens.Staff),
      payload: { sale_date: clock.now().toISOString(), payment_method: 'Card', items: [{ product_id: americano.id, quantity: 2, unit_price: 1.75, note: 'one hot, one iced' }], total_amount: 3.85 },
    });
    expect(sold.statusCode).toBe(201);
    const after = await board('Bar');
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ sale_code: sold.json().data.code, order_id: null, service: 'take_away', items: [{ name: 'Americano', quantity: 2, note: 'one hot, one iced' }] });

    const placed = await call(tokens.Staff, 'POST', '/api/open-orders', { table: '3', lines: [{ product_id: americano.id, quantity: 1 }] });
    const withOrder = (await board('Bar')).length;
    expect((await pay(tokens.Staff, placed.body.data.id)).status).toBe(201);
    expect(await board('Bar')).toHaveLength(withOrder);
  });

  it('refuses routes to a station that does not exist', async () => {
    const wrong = await call(tokens.Admin, 'PUT', '/api/settings/kitchen', { ...DEFAULT_SETTINGS.kitchen, routes: [{ category_id: categoryId('Bakery'), station: 'Grill' }] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Grill is not one of the stations.');
  });
});
