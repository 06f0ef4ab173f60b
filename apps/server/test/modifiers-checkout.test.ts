import { DISCOUNT_MESSAGES } from '@shop/contracts/pricing';
import { MODIFIER_MESSAGES } from '@shop/contracts/modifier';
import { describe, expect, it } from 'vitest';
import { DEMO_PIN } from '../src/seed';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';

// The test clock starts on 2026-11-21 03:00 UTC (10:00 in Phnom Penh); tax is 10 %, on top.
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

type Product = { id: number; name: string; sku: string; price: number; category_id: number; [key: string]: unknown };
type Option = { id: number; name: string; price: number };
type Group = { id: number; name: string; options: Option[] };
const product = async (sku: string): Promise<Product> => (await call(tokens.Manager, 'GET', `/api/products?q=${sku}`)).body.data[0];
const icedLatte = await product('COF-006'); // $2.75, Coffee, made to order
const cafeLatte = await product('COF-005'); // $2.50, Coffee
const croissant = await product('BAK-001'); // $1.80, Bakery, tracked
await call(tokens.Manager, 'POST', '/api/stocks', { product_id: croissant.id, quantity: 50, price_in: 0.8 });

const createGroup = async (body: object): Promise<Group> => {
  const response = await call(tokens.Manager, 'POST', '/api/modifier-groups', body);
  if (response.status !== 201) throw new Error(`group: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
};
const option = (name: string, price = 0, is_default = false) => ({ name, price, is_default });
const size = await createGroup({ name: 'Size', name_km: 'ទំហំ', selection: 'single', required: true, options: [option('S', 0, true), option('M', 0.5), option('L', 1)] });
const sugar = await createGroup({ name: 'Sugar', selection: 'single', required: true, options: [0, 25, 50, 75, 100].map((level) => option(`${level}% sugar`, 0, level === 100)) });
const ice = await createGroup({ name: 'Ice', selection: 'single', required: true, options: [option('No ice'), option('Less ice'), option('Normal ice', 0, true)] });
const extras = await createGroup({ name: 'Extras', selection: 'multiple', options: [option('Extra shot', 0.5), option('Oat milk', 0.5), option('Whipped cream', 0.3)] });
const warm = await createGroup({ name: 'Warm up', selection: 'single', options: [option('Warmed', 0.2)] });
const coffee = (await call(tokens.Manager, 'GET', `/api/categories/${icedLatte.category_id}`)).body.data;
await call(tokens.Manager, 'PUT', `/api/categories/${coffee.id}`, { name: coffee.name, modifier_group_ids: [size.id, sugar.id] });
const productBody = (p: Product) => ({ name: p.name, sku: p.sku, barcode: p.barcode, category_id: p.category_id, unit_id: p.unit_id, price: p.price, track_stock: p.track_stock, reorder_level: p.reorder_level, active: p.active });
for (const [target, groups] of [
  [icedLatte, [ice.id, extras.id]],
  [croissant, [warm.id]],
] as const) {
  const full = (await call(tokens.Manager, 'GET', `/api/products/${target.id}`)).body.data;
  const put = await call(tokens.Manager, 'PUT', `/api/products/${target.id}`, { ...productBody(full), modifier_group_ids: groups });
  if (put.status !== 200) throw new Error(`product: ${put.status} ${JSON.stringify(put.body)}`);
}
const pick = (group: Group, name: string) => group.options.find((o) => o.name === name)!.id;

async function sell(token: string, body: Record<string, unknown>) {
  const response = await app.inject({ method: 'POST', url: '/api/sales', headers: bearer(token), payload: { sale_date: clock.now().toISOString(), payment_method: 'Cash', ...body } });
  return { status: response.statusCode, body: response.json() };
}
const count = async (table: 'sales' | 'sale_items' | 'sale_item_modifiers') => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const counts = async () => ({ sales: await count('sales'), items: await count('sale_items'), options: await count('sale_item_modifiers') });

// Large, 50 % sugar, less ice, an extra shot: 2.75 + 1.00 + 0.50 = 4.25 a cup.
const bigLatte = () => [pick(size, 'L'), pick(sugar, '50% sugar'), pick(ice, 'Less ice'), pick(extras, 'Extra shot')];

describe(`selling with modifiers (${dbKind})`, () => {
  it('prices an iced latte L, 50% sugar, less ice, extra shot from the catalogue and keeps its options and note; a line sent without options takes the defaults', async () => {
    // 2 × 4.25 = 8.50 and one plain iced latte (S, 100 %, normal ice) 2.75: 11.25 + tax 1.13 = 12.38.
    const sold = await sell(tokens.Staff, {
      items: [
        { product_id: icedLatte.id, quantity: 2, unit_price: 2.75, modifiers: bigLatte(), note: 'no condensed milk' },
        { product_id: icedLatte.id, quantity: 1, unit_price: 2.75 },
      ],
      total_amount: 12.38,
      tendered: 20,
    });
    expect(sold.status).toBe(201);
    const sale = (await call(tokens.Manager, 'GET', `/api/sales/${sold.body.data.id}`)).body.data;
    // The answer (made from the rows the sale's writes returned) is the sale as it is read afterwards: lines, options in order, payments, names.
    expect(sold.body.data).toEqual(sale);
    expect(sale).toMatchObject({ gross: 11.25, discount: 0, tax: 1.13, total: 12.38, order_discount: null, discount_approved_by: null });
    expect(sale.items[0]).toMatchObject({
      quantity: 2,
      unit_price: 4.25,
      line_total: 8.5,
      note: 'no condensed milk',
      line_discount: null,
      modifiers: [
        { option_id: pick(size, 'L'), group: 'Size', name: 'L', name_km: null, price: 1 },
        { option_id: pick(sugar, '50% sugar'), group: 'Sugar', name: '50% sugar', price: 0 },
        { option_id: pick(ice, 'Less ice'), group: 'Ice', name: 'Less ice', price: 0 },
        { option_id: pick(extras, 'Extra shot'), group: 'Extras', name: 'Extra shot', price: 0.5 },
      ],
    });
    expect(sale.items[1]).toMatchObject({ unit_price: 2.75, line_total: 2.75, note: null });
    expect(sale.items[1].modifiers.map((m: { name: string }) => m.name)).toEqual(['S', '100% sugar', 'Normal ice']);
    // The sale's audit entry names the options.
    const audit = await database.db.selectFrom('audit_log').select('after').where('entity', '=', 'sale').where('entity_id', '=', String(sale.id)).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!).lines[0].options.map((o: { name: string }) => o.name)).toEqual(['L', '50% sugar', 'Less ice', 'Extra shot']);
  });

  it('refuses a required group left empty, two sizes, an option of another product, an unknown one and one chosen twice, naming the line (422), and writes nothing', async () => {
    const before = await counts();
    const refuse = async (modifiers: number[], lineIndex = 0) => {
      const items = [{ product_id: cafeLatte.id, quantity: 1, unit_price: 2.5 }];
      items.splice(lineIndex, 0, { product_id: icedLatte.id, quantity: 1, unit_price: 2.75, modifiers } as never);
      const response = await sell(tokens.Staff, { items, total_amount: 20 });
      expect(response.status).toBe(422);
      return response.body.errors[`items.${lineIndex}.modifiers`];
    };
    expect(await refuse([])).toEqual([MODIFIER_MESSAGES.tooFew('Iced Latte', 'Size', 1)]);
    expect(await refuse([pick(size, 'S'), pick(size, 'L'), pick(sugar, '0% sugar'), pick(ice, 'No ice')], 1)).toEqual([MODIFIER_MESSAGES.tooMany('Iced Latte', 'Size', 1)]);
    expect(await refuse([pick(size, 'S'), pick(sugar, '0% sugar'), pick(ice, 'No ice'), pick(warm, 'Warmed')])).toEqual([MODIFIER_MESSAGES.notOffered('Iced Latte', 'Warmed')]);
    expect(await refuse([pick(size, 'S'), pick(sugar, '0% sugar'), pick(ice, 'No ice'), 999_999])).toEqual([MODIFIER_MESSAGES.optionMissing]);
    expect(await refuse([pick(size, 'S'), pick(extras, 'Oat milk'), pick(extras, 'Oat milk')])).toEqual([MODIFIER_MESSAGES.optionTwice]);
    // The Cafe Latte carries no Ice: the iced one's option is not offered with it.
    const cafe = await sell(tokens.Staff, { items: [{ product_id: cafeLatte.id, quantity: 1, unit_price: 2.5, modifiers: [pick(size, 'S'), pick(sugar, '0% sugar'), pick(ice, 'No ice')] }], total_amount: 2.75 });
    expect(cafe.body.errors['items.0.modifiers']).toEqual([MODIFIER_MESSAGES.notOffered('Cafe Latte', 'No ice')]);
    expect(await counts()).toEqual(before);
  });

  it('answers 409 with the options’ prices when the till shows an old one, then sells at the new one', async () => {
    const renamed = await call(tokens.Manager, 'PUT', `/api/modifier-groups/${size.id}`, {
      name: 'Size',
      selection: 'single',
      required: true,
      options: size.options.map((o) => ({ id: o.id, name: o.name, price: o.name === 'L' ? 1.2 : o.price, is_default: o.name === 'S' })),
    });
    expect(renamed.status).toBe(200);
    const before = await counts();
    const line = { product_id: icedLatte.id, quantity: 1, unit_price: 2.75, modifiers: bigLatte() };
    // The till still counts L at 1.00: 4.25 + tax 0.43 = 4.68; the server makes it 4.45 + 0.45 = 4.90.
    const stale = await sell(tokens.Staff, { items: [line], total_amount: 4.68 });
    expect(stale.status).toBe(409);
    expect(stale.body.prices).toEqual([{ product_id: icedLatte.id, unit_price: 2.75, discount_percent: 0 }]);
    expect(stale.body.modifier_prices).toEqual(
      expect.arrayContaining([
        { option_id: pick(size, 'L'), price: 1.2 },
        { option_id: pick(extras, 'Extra shot'), price: 0.5 },
      ]),
    );
    expect(stale.body.total_amount).toBe(4.9);
    expect(await counts()).toEqual(before);
    const fresh = await sell(tokens.Staff, { items: [line], total_amount: 4.9 });
    expect(fresh.status).toBe(201);
    expect(fresh.body.data.items[0]).toMatchObject({ unit_price: 4.45 });
    await call(tokens.Manager, 'PUT', `/api/modifier-groups/${size.id}`, { name: 'Size', selection: 'single', required: true, options: size.options.map((o) => ({ ...o, is_default: o.name === 'S' })) });
  });

  it('keeps the same product with other options as two lines, and sells them past stock per product', async () => {
    // Croissants: 1 warmed (2.00) and 2 plain (3.60) = 5.60 + 0.56 = 6.16.
    const sold = await sell(tokens.Staff, {
      items: [
        { product_id: croissant.id, quantity: 1, unit_price: 1.8, modifiers: [pick(warm, 'Warmed')] },
        { product_id: croissant.id, quantity: 2, unit_price: 1.8, modifiers: [] },
      ],
      total_amount: 6.16,
    });
    expect(sold.status).toBe(201);
    const sale = (await call(tokens.Staff, 'GET', `/api/sales/${sold.body.data.id}`)).body.data;
    expect(sale.items.map((i: { quantity: number; unit_price: number; modifiers: { name: string }[] }) => [i.quantity, i.unit_price, i.modifiers.map((m) => m.name)])).toEqual([
      [1, 2, ['Warmed']],
      [2, 1.8, []],
    ]);
    expect(sale.items_count).toBe(2);
  });
});

describe(`discounts given by hand (${dbKind})`, () => {
  const cafeLine = (quantity: number, extra: object = {}) => ({ product_id: cafeLatte.id, quantity, unit_price: 2.5, ...extra });
  const croissantLine = (quantity: number, extra: object = {}) => ({ product_id: croissant.id, quantity, unit_price: 1.8, ...extra });
  let discounted: { id: number; items: { id: number }[] };

  it('takes line and order discounts, percent and amount, to the cent, with tax on what is left', async () => {
    // 3 lattes 7.50 − 20 % = 6.00; 2 croissants 3.60 − 0.60 = 3.00; the order 10 % = 0.90, shared 0.60 / 0.30.
    // Subtotal 8.10, tax 0.81, total 8.91.
    const sold = await sell(tokens.Manager, {
      items: [cafeLine(3, { discount: { type: 'percent', value: 20, reason: 'Regular' } }), croissantLine(2, { discount: { type: 'amount', value: 0.6, reason: 'Yesterday’s' } })],
      discount: { type: 'percent', value: 10, reason: 'Birthday' },
      total_amount: 8.91,
      tendered: 10,
    });
    expect(sold.status).toBe(201);
    const sale = (await call(tokens.Manager, 'GET', `/api/sales/${sold.body.data.id}`)).body.data;
    discounted = sale;
    expect(sale).toMatchObject({
      gross: 11.1,
      discount: 3,
      subtotal: 8.1,
      tax: 0.81,
      total: 8.91,
      order_discount: { type: 'percent', value: 10, reason: 'Birthday', amount: 0.9 },
      discount_approved_by: null,
    });
    expect(sale.items[0]).toMatchObject({ line_discount: { type: 'percent', value: 20, reason: 'Regular', amount: 1.5 }, discount: 2.1, line_total: 5.4 });
    expect(sale.items[1]).toMatchObject({ line_discount: { type: 'amount', value: 0.6, reason: 'Yesterday’s', amount: 0.6 }, discount: 0.9, line_total: 2.7 });
    const list = (await call(tokens.Manager, 'GET', `/api/sales?q=${sale.code}`)).body.data[0];
    expect(list.order_discount).toEqual(sale.order_discount);
  });

  it('refuses an amount beyond its line or beyond the order (422) and writes nothing', async () => {
    const before = await counts();
    const line = await sell(tokens.Manager, { items: [croissantLine(1, { discount: { type: 'amount', value: 1.81, reason: 'Too much' } })], total_amount: 0 });
    expect(line.status).toBe(422);
    expect(line.body.errors['items.0.discount']).toEqual([DISCOUNT_MESSAGES.moreThanLine]);
    const order = await sell(tokens.Manager, { items: [croissantLine(1)], discount: { type: 'amount', value: 2, reason: 'Too much' }, total_amount: 0 });
    expect(order.status).toBe(422);
    expect(order.body.errors.discount).toEqual([DISCOUNT_MESSAGES.moreThanOrder]);
    expect(await counts()).toEqual(before);
  });

  it('lets Staff give up to the limit alone; beyond it asks for a Manager’s approval, which the sale records', async () => {
    // 10 % of a latte (the limit): 2.25 + 0.23 = 2.48.
    const within = await sell(tokens.Staff, { items: [cafeLine(1, { discount: { type: 'percent', value: 10, reason: 'Staff' } })], total_amount: 2.48 });
    expect(within.status).toBe(201);
    expect(within.body.data.discount_approved_by).toBeNull();

    // 0.50 off a 2.50 order is 20 %: 2.00 + 0.20 = 2.20.
    const body = { items: [cafeLine(1)], discount: { type: 'amount', value: 0.5, reason: 'Complaint' }, total_amount: 2.2 };
    const before = await counts();
    const beyond = await sell(tokens.Staff, body);
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe(DISCOUNT_MESSAGES.needsApproval);
    // Beyond the limit on a line too: 12 % of 2.50 is 0.30, so 2.20 + 0.22.
    const lineBeyond = await sell(tokens.Staff, { items: [cafeLine(1, { discount: { type: 'percent', value: 12, reason: 'x' } })], total_amount: 2.42 });
    expect(lineBeyond.status).toBe(403);
    expect(await counts()).toEqual(before);

    const approvers = (await call(tokens.Staff, 'GET', '/api/approvers?permission=sales:discount-beyond-limit')).body.data as { id: number; name: string }[];
    const manager = approvers.find((a) => a.name === 'Manager Demo')!;
    const approval = await call(tokens.Staff, 'POST', '/api/approvals', { approver_id: manager.id, pin: DEMO_PIN, permission: 'sales:discount-beyond-limit' });
    expect(approval.status).toBe(201);
    const wrongKind = await call(tokens.Staff, 'POST', '/api/approvals', { approver_id: manager.id, pin: DEMO_PIN, permission: 'sales:override-tax' });
    expect((await sell(tokens.Staff, { ...body, discount_approval_token: wrongKind.body.data.token })).status).toBe(403);
    const approved = await sell(tokens.Staff, { ...body, discount_approval_token: approval.body.data.token });
    expect(approved.status).toBe(201);
    expect(approved.body.data).toMatchObject({ total: 2.2, order_discount: { type: 'amount', value: 0.5, amount: 0.5 }, discount_approved_by: { id: manager.id, name: 'Manager Demo' } });
    const again = (await call(tokens.Manager, 'GET', `/api/sales/${approved.body.data.id}`)).body.data;
    expect(again.discount_approved_by).toEqual({ id: manager.id, name: 'Manager Demo' });
    expect(approved.body.data).toEqual(again);
  });

  it('follows Settings → Discounts’ limit', async () => {
    expect((await call(tokens.Admin, 'PUT', '/api/settings/discounts', { maxPercent: 25 })).status).toBe(200);
    const body = { items: [cafeLine(1)], discount: { type: 'amount', value: 0.5, reason: 'Complaint' }, total_amount: 2.2 };
    expect((await sell(tokens.Staff, body)).status).toBe(201);
    expect((await call(tokens.Admin, 'PUT', '/api/settings/discounts', { maxPercent: 10 })).status).toBe(200);
    expect((await sell(tokens.Staff, body)).status).toBe(403);
  });

  it('refunds a discounted line its share of what was paid, the order’s share taken off', async () => {
    // Paid 8.91 for lines of 5.40 and 2.70: the croissants’ share is 2.97, one latte of three 1.98.
    const croissants = await call(tokens.Manager, 'POST', `/api/sales/${discounted.id}/refunds`, { items: [{ sale_item_id: discounted.items[1]!.id, quantity: 2 }] });
    expect(croissants.status).toBe(201);
    const latte = await call(tokens.Manager, 'POST', `/api/sales/${discounted.id}/refunds`, { items: [{ sale_item_id: discounted.items[0]!.id, quantity: 1 }] });
    expect(latte.status).toBe(201);
    const sale = (await call(tokens.Manager, 'GET', `/api/sales/${discounted.id}`)).body.data;
    expect(sale.refunds.map((r: { amount: number }) => r.amount)).toEqual([2.97, 1.98]);
    expect(sale.refunded).toBe(4.95);
  });

  it('refunds a line with options at its price with them', async () => {
    // 1 iced latte L, extra shot (4.25) and a latte (2.50): 6.75 + 0.68 = 7.43; the iced one's share 4.68.
    const sold = await sell(tokens.Staff, { items: [{ product_id: icedLatte.id, quantity: 1, unit_price: 2.75, modifiers: bigLatte() }, cafeLine(1)], total_amount: 7.43 });
    expect(sold.status).toBe(201);
    const refund = await call(tokens.Manager, 'POST', `/api/sales/${sold.body.data.id}/refunds`, { items: [{ sale_item_id: sold.body.data.items[0].id, quantity: 1 }] });
    expect(refund.status).toBe(201);
    expect((await call(tokens.Manager, 'GET', `/api/sales/${sold.body.data.id}`)).body.data.refunds[0].amount).toBe(4.68);
  });
});

describe(`what the reports show of options (${dbKind})`, () => {
  it('counts the units sold with each option over the days asked, most sold first, for those who see reports', async () => {
    clock.advance(86_400_000); // 2026-11-22: signed in again, the sessions having gone idle
    Object.assign(tokens, await demoTokens(app));
    const sold = await sell(tokens.Staff, {
      items: [
        { product_id: icedLatte.id, quantity: 3, unit_price: 2.75, modifiers: bigLatte() },
        { product_id: icedLatte.id, quantity: 1, unit_price: 2.75, modifiers: [pick(size, 'M'), pick(sugar, '50% sugar'), pick(ice, 'No ice'), pick(extras, 'Extra shot'), pick(extras, 'Oat milk')] },
      ],
      // 3 × 4.25 and 1 × (2.75 + 0.50 + 0.50 + 0.50) = 17.00 + 1.70 = 18.70
      total_amount: 18.7,
    });
    expect(sold.status).toBe(201);
    const day = await call(tokens.Manager, 'GET', '/api/reports/modifiers?from=2026-11-22&to=2026-11-22');
    expect(day.status).toBe(200);
    expect(day.body.data).toEqual([
      { group: 'Extras', option: 'Extra shot', option_km: null, quantity: 4, amount: 2 },
      { group: 'Sugar', option: '50% sugar', option_km: null, quantity: 4, amount: 0 },
      { group: 'Ice', option: 'Less ice', option_km: null, quantity: 3, amount: 0 },
      { group: 'Size', option: 'L', option_km: null, quantity: 3, amount: 3 },
      { group: 'Extras', option: 'Oat milk', option_km: null, quantity: 1, amount: 0.5 },
      { group: 'Ice', option: 'No ice', option_km: null, quantity: 1, amount: 0 },
      { group: 'Size', option: 'M', option_km: null, quantity: 1, amount: 0.5 },
    ]);
    // Left out, the period is the last 30 days: yesterday's larges count too.
    const month = (await call(tokens.Manager, 'GET', '/api/reports/modifiers')).body.data;
    const large = month.find((row: { option: string }) => row.option === 'L');
    expect(large.quantity).toBeGreaterThan(3);
    expect((await call(tokens.Manager, 'GET', '/api/reports/modifiers?from=2026-11-23&to=2026-11-22')).status).toBe(422);
    expect((await call(tokens.Staff, 'GET', '/api/reports/modifiers')).status).toBe(403);
  });

  it('shows the options most sold with each top seller on the dashboard', async () => {
    const dashboard = (await call(tokens.Manager, 'GET', '/api/dashboard')).body.data;
    const iced = dashboard.topProducts.find((p: { productId: number }) => p.productId === icedLatte.id);
    // Large, 50 %, less ice, extra shot: 2 + 1 (after the 409) + 1 refunded + 3 = 6 kept; the medium one adds 50 % and a shot.
    expect(iced.options).toEqual([
      { group: 'Extras', name: 'Extra shot', quantity: 7 },
      { group: 'Sugar', name: '50% sugar', quantity: 7 },
      { group: 'Ice', name: 'Less ice', quantity: 6 },
    ]);
  });
});

describe(`promotions with options (${dbKind})`, () => {
  it('takes a promotion’s percent off the price with the options', async () => {
    expect((await call(tokens.Manager, 'POST', '/api/promotions', { title: 'Warm croissant', product_id: croissant.id, discount: 15, active: true })).status).toBe(201);
    // 1.80 + 0.20 warmed = 2.00, 15 % off = 1.70, tax 0.17.
    const sold = await sell(tokens.Staff, { items: [{ product_id: croissant.id, quantity: 1, unit_price: 1.8, modifiers: [pick(warm, 'Warmed')] }], total_amount: 1.87 });
    expect(sold.status).toBe(201);
    expect(sold.body.data.items[0]).toMatchObject({ unit_price: 2, discount_percent: 15, discount: 0.3, line_total: 1.7 });
  });
});

// Last: its sale would change the counts the tests above read.
describe(`the sales report’s lines (${dbKind})`, () => {
  it('exports the sales report’s lines with their options, notes and discounts (sales-lines.csv)', async () => {
    const order = {
      items: [
        { product_id: icedLatte.id, quantity: 2, unit_price: 2.75, modifiers: bigLatte(), note: 'no condensed milk', discount: { type: 'amount', value: 1, reason: 'Regular' } },
        { product_id: cafeLatte.id, quantity: 1, unit_price: 2.5 },
      ],
      discount: { type: 'amount', value: 0.5, reason: 'Birthday' },
    };
    // The server's total first (its 409), then the sale at it.
    const quote = await sell(tokens.Manager, { ...order, total_amount: 0 });
    const paid = await sell(tokens.Manager, { ...order, total_amount: quote.body.total_amount, tendered: 20 });
    expect(paid.status).toBe(201);
    const response = await app.inject({ method: 'GET', url: `/api/sales/lines/export?q=${paid.body.data.code}`, headers: bearer(tokens.Manager) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="sales-lines.csv"');
    const rows = response.body.slice(1).trim().split('\n');
    expect(rows[0]).toBe('Date,SO,Product,SKU,Options,Note,Qty,Unit price,Discount,Discount reason,Line total,Refunded qty');
    expect(response.headers['x-total-count']).toBe('2');
    // 8.50 − 1.00 = 7.50 and 2.50 before the order's 0.50, shared 0.38 / 0.12.
    expect(rows.slice(1)).toEqual([
      `${paid.body.data.business_date},${paid.body.data.code},Iced Latte,COF-006,"L +$1.00, 50% sugar, Less ice, Extra shot +$0.50",no condensed milk,2,4.25,1.38,Regular; Birthday,7.12,0`,
      `${paid.body.data.business_date},${paid.body.data.code},Cafe Latte,COF-005,"S, 100% sugar",,1,2.50,0.12,Birthday,2.38,0`,
    ]);
    const staff = await app.inject({ method: 'GET', url: '/api/sales/lines/export', headers: bearer(tokens.Staff) });
    expect(staff.statusCode).toBe(403);
  });
});

// Last: this sale would change the figures the reports above are checked against.
describe(`a till sale's tickets with modifiers (${dbKind})`, () => {
  it('sends the cups to the bar as they were made: their options in order, the note and the customer', async () => {
    const routed = await call(tokens.Admin, 'PUT', '/api/settings/kitchen', { stations: ['Bar'], routes: [{ category_id: icedLatte.category_id, station: 'Bar' }] });
    expect(routed.status, JSON.stringify(routed.body)).toBe(200);
    const customer = (await call(tokens.Manager, 'GET', '/api/customers?per_page=1')).body.data[0];
    // 2 × 4.25 = 8.50 + tax 0.85.
    const sold = await sell(tokens.Staff, { customer_id: customer.id, items: [{ product_id: icedLatte.id, quantity: 2, unit_price: 2.75, modifiers: bigLatte(), note: 'to go' }], total_amount: 9.35 });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const bar = (await call(tokens.Staff, 'GET', '/api/kitchen/tickets?station=Bar&status=open')).body.data;
    const ticket = bar.find((t: { sale_code: string | null }) => t.sale_code === sold.body.data.code);
    expect(ticket).toMatchObject({
      order_id: null,
      name: customer.name,
      service: 'take_away',
      items: [
        {
          name: 'Iced Latte',
          quantity: 2,
          note: 'to go',
          modifiers: [
            { group: 'Size', name: 'L', name_km: null },
            { group: 'Sugar', name: '50% sugar', name_km: null },
            { group: 'Ice', name: 'Less ice', name_km: null },
            { group: 'Extras', name: 'Extra shot', name_km: null },
          ],
        },
      ],
    });
  });
});
