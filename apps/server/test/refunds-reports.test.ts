import { describe, expect, it } from 'vitest';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * Refunds in dollars and riel, and the four places that add money up — the Sales Report's
 * totals, its CSV, the Dashboard and the payments breakdown — agreeing to the cent on one
 * hand-computed set of sales in March 2027 (after the demo shop's data, so nothing else counts).
 */

const { app, clock } = await createTestApp();
const call = caller(app);
let tokens = await demoTokens(app);

/** Moves the shop's clock to 10:00 in Phnom Penh on a day, and signs the roles in again. */
async function goTo(day: string) {
  clock.advance(Date.parse(`${day}T03:00:00.000Z`) - clock.now().getTime());
  tokens = await demoTokens(app);
}

async function newProduct(name: string, sku: string, price: number) {
  const categories = (await call(tokens.Manager, 'GET', '/api/categories?per_page=1')).body.data;
  const units = (await call(tokens.Manager, 'GET', '/api/units?per_page=1')).body.data;
  const created = await call(tokens.Manager, 'POST', '/api/products', { name, sku, category_id: categories[0].id, unit_id: units[0].id, price });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await call(tokens.Manager, 'POST', '/api/stocks', { product_id: created.body.data.id, quantity: 50, price_in: 0.5 })).status).toBe(201);
  return created.body.data as { id: number; price: number };
}

type Payment = { method: string; currency: 'USD' | 'KHR'; amount: number; khqr?: { md5: string } };

async function sell(lines: [{ id: number; price: number }, number][], total: number, payments: Payment[], extra: Record<string, unknown> = {}) {
  const response = await call(tokens.Manager, 'POST', '/api/sales', {
    sale_date: clock.now().toISOString(),
    items: lines.map(([product, quantity]) => ({ product_id: product.id, quantity, unit_price: product.price })),
    total_amount: total,
    payments,
    ...extra,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number; total: number; items: { id: number; product_id: number }[] };
}

const refund = (saleId: number, body: Record<string, unknown>) => call(tokens.Manager, 'POST', `/api/sales/${saleId}/refunds`, body);
const report = async (from: string, to: string) => (await call(tokens.Manager, 'GET', `/api/sales?per_page=1&from=${from}&to=${to}`)).body.meta.totals;
const breakdown = async (from: string, to: string) => {
  const response = await call(tokens.Manager, 'GET', `/api/reports/payments?from=${from}&to=${to}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as { method: string; method_key: string; currency: 'USD' | 'KHR'; amount: number; value: number; refunded: number }[];
};
/** The rows' worth in dollars, summed in cents. */
const worth = (rows: { value: number }[]) => rows.reduce((cents, row) => cents + Math.round(row.value * 100), 0) / 100;

async function csvTotals(from: string, to: string) {
  const response = await app.inject({ method: 'GET', url: `/api/sales/export?from=${from}&to=${to}`, headers: { authorization: `Bearer ${tokens.Manager}` } });
  expect(response.statusCode).toBe(200);
  const [header, ...rows] = response.body.slice(1).trim().split('\n').map((line) => line.split(','));
  // Said before the file comes: a row per sale and one per refund.
  expect(response.headers['x-total-count']).toBe(String(rows.length));
  const column = (name: string) => {
    const index = header!.indexOf(name);
    return rows.reduce((cents, row) => cents + Math.round(Number(row[index] || 0) * 100), 0) / 100;
  };
  return { rows, net: column('Net'), refunds: column('Refunds'), netAfter: column('Net after refunds') };
}

describe(`refunds in dollars and riel, and reports that agree (${dbKind})`, () => {
  let cashSale: Awaited<ReturnType<typeof sell>>;
  let cardSale: Awaited<ReturnType<typeof sell>>;
  let khqrSale: Awaited<ReturnType<typeof sell>>;
  let lemon: { id: number; price: number };

  it('records a refund in riel at the sale’s rate, one by card, and refuses what cannot be', async () => {
    await goTo('2027-03-01');
    // Tax off, so every figure below is a plain sum; KHQR set up, riel at 4,100 a dollar, step 100.
    expect((await call(tokens.Admin, 'PUT', '/api/settings/taxes', { enabled: false, inclusive: false, rate: 10 })).status).toBe(200);
    const khqr = { accountId: 'cafe@aclb', merchantName: 'Test Cafe', city: 'Phnom Penh', accountType: 'individual', merchantId: '', acquiringBank: '', currency: 'USD', expiryMinutes: 10 };
    expect((await call(tokens.Admin, 'PUT', '/api/settings/khqr', khqr)).status).toBe(200);
    const methods = [
      { key: 'cash', label: 'Cash', enabled: true },
      { key: 'card', label: 'Card', enabled: true },
      { key: 'bank', label: 'Bank', enabled: false },
      { key: 'khqr', label: 'KHQR', enabled: true },
    ];
    expect((await call(tokens.Admin, 'PUT', '/api/settings/payments', { khrPerUsd: 4100, khrChangePerUsd: null, rielStep: 100, methods })).status).toBe(200);

    const bread = await newProduct('Refund Bread', 'RR-BREAD', 2.5);
    const beans = await newProduct('Refund Beans', 'RR-BEANS', 4);
    lemon = await newProduct('Refund Lemonade', 'RR-LEMON', 1.25);

    // Day 1 (2027-03-01).
    // S1: 2 bread + 1 beans = 9.00. Cash $5 + 20,000 riel: 20,000 × 100 / 4,100 = 487.8 → 487 cents,
    // paid 9.87, change 0.87 — under a dollar, so all in riel: 87 × 41 = 3,567 → 3,500 riel.
    cashSale = await sell([[bread, 2], [beans, 1]], 9, [
      { method: 'Cash', currency: 'USD', amount: 5 },
      { method: 'Cash', currency: 'KHR', amount: 20_000 },
    ]);
    expect(cashSale).toMatchObject({ total: 9, change_usd: 0, change_khr: 3_500, khr_per_usd: 4_100 });
    // S2: 1 beans + 1 lemonade = 5.25 by card.
    cardSale = await sell([[beans, 1], [lemon, 1]], 5.25, [{ method: 'Card', currency: 'USD', amount: 5.25 }]);

    // Day 2 (2027-03-02).
    await goTo('2027-03-02');
    // S3: 3 lemonade = 3.75 by KHQR.
    khqrSale = await sell([[lemon, 3]], 3.75, [{ method: 'KHQR', currency: 'USD', amount: 3.75, khqr: { md5: 'a'.repeat(32) } }]);
    // S4: 1 bread + 1 lemonade = 3.75: card $2 + cash $5 = 7.00, change 3.25: $3 and 0.25 → 1,025 → 1,000 riel.
    const split = await sell([[bread, 1], [lemon, 1]], 3.75, [
      { method: 'Card', currency: 'USD', amount: 2 },
      { method: 'Cash', currency: 'USD', amount: 5 },
    ]);
    expect(split).toMatchObject({ change_usd: 3, change_khr: 1_000 });

    // The rate moves to 4,000 before the refunds: they still go back at the sale's 4,100.
    expect((await call(tokens.Admin, 'PUT', '/api/settings/payments', { khrPerUsd: 4000, khrChangePerUsd: null, rielStep: 100, methods })).status).toBe(200);

    // Day 4 (2027-03-04): the refunds.
    await goTo('2027-03-04');
    const breadLine = cashSale.items.find((item) => item.product_id === bread.id)!;
    // Riel only goes back in cash; a disabled method is refused; nothing is written either time.
    const byCardInRiel = await refund(khqrSale.id, { method: 'Card', currency: 'KHR' });
    expect(byCardInRiel.status).toBe(422);
    expect(byCardInRiel.body.message).toBe('Only cash can be refunded in riel.');
    expect((await refund(khqrSale.id, { method: 'Bank' })).status).toBe(422);
    expect((await call(tokens.Manager, 'GET', `/api/sales/${khqrSale.id}`)).body.data).toMatchObject({ refunded: 0, status: 'Paid', refunds: [] });

    // R1: one of S1's two bread in riel cash. Its share is 5.00 of 9.00, half of it 2.50:
    // 250 × 4,100 / 100 = 10,250 riel, rounded UP to the step: 10,300 (at today's 4,000 it would be 10,000).
    const inRiel = await refund(cashSale.id, { items: [{ sale_item_id: breadLine.id, quantity: 1 }], method: 'cash', currency: 'KHR' });
    expect(inRiel.status, JSON.stringify(inRiel.body)).toBe(201);
    expect(inRiel.body.refund.amount).toBe(2.5);
    expect(inRiel.body.data.refunds).toEqual([
      expect.objectContaining({ amount: 2.5, method: 'Cash', method_key: 'cash', currency: 'KHR', amount_khr: 10_300, business_date: '2027-03-04' }),
    ]);
    expect(inRiel.body.data).toMatchObject({ status: 'Paid', refunded: 2.5 });

    // R2: all of S2, no method named: it goes back as it was paid, by card, in dollars.
    const byCard = await refund(cardSale.id, {});
    expect(byCard.status).toBe(201);
    expect(byCard.body.data.refunds).toEqual([expect.objectContaining({ amount: 5.25, method: 'Card', method_key: 'card', currency: 'USD', amount_khr: 0 })]);
    expect(byCard.body.data.status).toBe('Refunded');
  });

  it('adds the same figures up in the report, its CSV, the dashboard and the payments breakdown', async () => {
    // The month: sales 9.00 + 5.25 + 3.75 + 3.75 = 21.75; refunds (day 4) 2.50 + 5.25 = 7.75; kept 14.00.
    expect(await report('2027-03-01', '2027-03-31')).toMatchObject({ orders: 4, net: 21.75, refunded: 7.75, net_after_refunds: 14 });
    const csv = await csvTotals('2027-03-01', '2027-03-31');
    expect(csv.rows).toHaveLength(6); // four sales, two refunds
    expect(csv).toMatchObject({ net: 21.75, refunds: 7.75, netAfter: 14 });
    // Each sale's Payment cell: its payments in the order they were taken, the change left out.
    const file = (await app.inject({ method: 'GET', url: '/api/sales/export?from=2027-03-01&to=2027-03-31', headers: { authorization: `Bearer ${tokens.Manager}` } })).body;
    expect(file.slice(1).trim().split('\n').slice(1, 5).map((line) => line.replace(/^[\d-]+,SO-\d+,/, ''))).toEqual([
      'Walk-in,POS,2,2,3.75,0.00,0.00,3.75,0.00,3.75,Card $2.00 + Cash $5.00,Paid',
      'Walk-in,POS,1,3,3.75,0.00,0.00,3.75,0.00,3.75,KHQR,Paid',
      'Walk-in,POS,2,2,5.25,0.00,0.00,5.25,0.00,5.25,Card,Refunded',
      'Walk-in,POS,2,3,9.00,0.00,0.00,9.00,0.00,9.00,"Cash $5.00 + ៛20,000",Paid',
    ]);

    // Payments, by method and currency:
    //   cash USD: S1 +5.00, S4 +5.00 − 3.00 change                     = 7.00
    //   cash KHR: S1 +20,000 − 3,500 change, S4 − 1,000 change, R1 − 10,300 = 5,200 riel
    //             (worth 4.87 − 0.87 − 0.25 − 2.50                     = 1.25)
    //   card USD: S2 +5.25, S4 +2.00, R2 − 5.25                        = 2.00
    //   KHQR USD: S3 +3.75                                             = 3.75
    // Worth together 7.00 + 1.25 + 2.00 + 3.75 = 14.00, what the report keeps.
    const month = await breakdown('2027-03-01', '2027-03-31');
    expect(month).toEqual([
      { method: 'Cash', method_key: 'cash', currency: 'USD', amount: 7, value: 7, refunded: 0 },
      { method: 'Cash', method_key: 'cash', currency: 'KHR', amount: 5_200, value: 1.25, refunded: 10_300 },
      { method: 'Card', method_key: 'card', currency: 'USD', amount: 2, value: 2, refunded: 5.25 },
      { method: 'KHQR', method_key: 'khqr', currency: 'USD', amount: 3.75, value: 3.75, refunded: 0 },
    ]);
    expect(worth(month)).toBe(14);

    // The dashboard's 30 days (2027-02-03 … 2027-03-04) hold the same four sales and two refunds.
    const dashboard = (await call(tokens.Manager, 'GET', '/api/dashboard')).body.data;
    expect(dashboard.period).toEqual({ from: '2027-02-03', to: '2027-03-04' });
    expect(dashboard.cards.newOrders.value).toBe(4);
    expect(dashboard.cards.totalIncome.value).toBe(14);
    expect(dashboard.months[2]).toMatchObject({ month: 3, orders: 4, income: 14 });
    expect(dashboard.yearTotal).toBe(14);
  });

  it('counts each refund on the day it was made, not on the day of its sale', async () => {
    // Day 1 alone: S1 + S2 = 14.25, no refunds yet that day, though S2 is refunded now.
    expect(await report('2027-03-01', '2027-03-01')).toMatchObject({ orders: 2, net: 14.25, refunded: 0, net_after_refunds: 14.25 });
    expect(await csvTotals('2027-03-01', '2027-03-01')).toMatchObject({ net: 14.25, refunds: 0, netAfter: 14.25 });
    // cash USD 5.00, cash KHR 20,000 − 3,500 = 16,500 (worth 4.00), card 5.25: 14.25.
    const dayOne = await breakdown('2027-03-01', '2027-03-01');
    expect(dayOne.map((row) => [row.method_key, row.currency, row.amount])).toEqual([
      ['cash', 'USD', 5],
      ['cash', 'KHR', 16_500],
      ['card', 'USD', 5.25],
    ]);
    expect(worth(dayOne)).toBe(14.25);

    // Day 4 alone: no sales, refunds 7.75: riel cash −10,300 (worth −2.50) and card −5.25.
    expect(await report('2027-03-04', '2027-03-04')).toMatchObject({ orders: 0, net: 0, refunded: 7.75, net_after_refunds: -7.75 });
    const csv = await csvTotals('2027-03-04', '2027-03-04');
    expect(csv).toMatchObject({ net: 0, refunds: 7.75, netAfter: -7.75 });
    expect(csv.rows.map((row) => row.at(-1))).toEqual([expect.stringMatching(/^Refund RF-\d+$/), expect.stringMatching(/^Refund RF-\d+$/)]);
    const dayFour = await breakdown('2027-03-04', '2027-03-04');
    expect(dayFour.map((row) => [row.method_key, row.currency, row.amount])).toEqual([
      ['cash', 'KHR', -10_300],
      ['card', 'USD', -5.25],
    ]);
    expect(worth(dayFour)).toBe(-7.75);
  });

  it('refuses to refund a sale with a balance owing until it is settled', async () => {
    const customer = (await call(tokens.Manager, 'POST', '/api/customers', { name: 'Owes Money', email: `owes-${dbKind}@example.com` })).body.data;
    // 2 lemonade = 2.50; $1 paid, 1.50 left on the customer's account.
    const owing = await sell([[lemon, 2]], 2.5, [{ method: 'Cash', currency: 'USD', amount: 1 }], { on_account: true, customer_id: customer.id });
    expect(owing).toMatchObject({ status: 'Partial', balance: 1.5 });
    const refused = await refund(owing.id, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This sale still has a balance owing. Settle it before refunding.');
    expect((await call(tokens.Manager, 'GET', `/api/sales/${owing.id}`)).body.data).toMatchObject({ status: 'Partial', refunded: 0, refunds: [] });
  });

  it('checks how the money goes back before anything else', async () => {
    const bad = await refund(khqrSale.id, { currency: 'EUR' });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body)).toContain('Currency must be USD or KHR.');
    expect((await refund(khqrSale.id, { method: '' })).status).toBe(422);
    expect((await call(tokens.Manager, 'GET', `/api/reports/payments?from=2027-03-05&to=2027-03-01`)).status).toBe(422);
    expect((await call(tokens.Staff, 'GET', '/api/reports/payments')).status).toBe(403);
  });
});
