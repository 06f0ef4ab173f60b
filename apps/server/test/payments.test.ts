import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';
import { expectSalesComplete } from './support/sale-integrity';

/*
 * Several payments for one sale, in dollars and riel (docs/decisions/0010-payments-in-dollars-and-riel.md).
 * Every figure below is worked out by hand in its comment. The test clock is 2026-11-21 03:00 UTC.
 */

const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const find = async (q: string) => (await call(tokens.Manager, 'GET', `/api/products?q=${encodeURIComponent(q)}`)).body.data[0];
const latte = await find('COF-005'); // $2.50, made to order: 4 lattes = 10.00 + 10% tax = 11.00
const customers = (await call(tokens.Manager, 'GET', '/api/customers')).body.data as { id: number; name: string }[];
const customer = customers[0]!;

const fourLattes = { items: [{ product_id: latte.id, quantity: 4, unit_price: 2.5 }], total_amount: 11 };

async function post(url: string, token: string, body: Record<string, unknown>, key?: string) {
  const response = await app.inject({ method: 'POST', url, headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) }, payload: body });
  return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] === 'true' };
}
const sell = (token: string, body: Record<string, unknown>, key?: string) => post('/api/sales', token, { sale_date: clock.now().toISOString(), ...fourLattes, ...body }, key);
const setRates = (rates: Partial<typeof DEFAULT_SETTINGS.payments>) =>
  call(tokens.Admin, 'PUT', '/api/settings/payments', { ...DEFAULT_SETTINGS.payments, methods: DEFAULT_SETTINGS.payments.methods.map((m) => ({ ...m, enabled: true })), ...rates });
const count = async (table: 'sales' | 'sale_payments') => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

await setRates({});

describe(`split tender in dollars and riel (${dbKind})`, () => {
  it('takes $5 + ៛20,000 + card for the rest, each payment recorded with its currency', async () => {
    // ៛20,000 at 4,100 = 487.8 cents, credited 487 (down); $5 + $4.87 = $9.87; the card pays $1.13.
    const sale = await sell(tokens.Staff, {
      payments: [
        { method: 'cash', currency: 'USD', amount: 5 },
        { method: 'cash', currency: 'KHR', amount: 20000 },
        { method: 'Card', currency: 'USD', amount: 1.13, reference: 'slip 0042' },
      ],
    });
    expect(sale.status).toBe(201);
    expect(sale.body.data).toMatchObject({
      payment_method: 'Cash + Card',
      status: 'Paid',
      total: 11,
      paid: 11,
      balance: 0,
      tendered: 11,
      tendered_khr: 20000,
      change: 0,
      change_usd: 0,
      change_khr: 0,
      khr_per_usd: 4100,
      khr_change_per_usd: 4100,
      riel_step: 100,
    });
    expect(sale.body.data.payments).toEqual([
      expect.objectContaining({ method: 'Cash', method_key: 'cash', currency: 'USD', amount: 5, value: 5, kind: 'sale', business_date: '2026-11-21' }),
      expect.objectContaining({ method: 'Cash', currency: 'KHR', amount: 20000, value: 4.87 }),
      expect.objectContaining({ method: 'Card', method_key: 'card', currency: 'USD', amount: 1.13, value: 1.13, reference: 'slip 0042' }),
    ]);
  });

  it('gives change as whole dollars and the rest in riel, at the change rate, rounded down to the step', async () => {
    await setRates({ khrPerUsd: 4100, khrChangePerUsd: 4000, rielStep: 100 });
    // $10 + ៛10,000 (= 243.9 → 243 cents at 4,100) = $12.43; change $1.43: $1 back, and 43 cents
    // at 4,000 = ៛1,720 → ៛1,700. All in riel: 143 × 40 = ៛5,720 → ៛5,700.
    const payments = [
      { method: 'cash', currency: 'USD', amount: 10 },
      { method: 'cash', currency: 'KHR', amount: 10000 },
    ];
    const mixed = await sell(tokens.Staff, { payments });
    expect(mixed.body.data).toMatchObject({ tendered: 12.43, change: 1.43, change_usd: 1, change_khr: 1700, change_all_khr: 5700, khr_per_usd: 4100, khr_change_per_usd: 4000 });
    // Asked for all in riel: ៛5,700.
    const allRiel = await sell(tokens.Staff, { payments, change_in: 'KHR' });
    expect(allRiel.body.data).toMatchObject({ change_usd: 0, change_khr: 5700 });

    // A shop that hands out nothing under 500 riel: ៛1,720 → ៛1,500, ៛5,720 → ៛5,500; at 1,000: ៛1,000 and ៛5,000.
    await setRates({ khrPerUsd: 4100, khrChangePerUsd: 4000, rielStep: 500 });
    expect((await sell(tokens.Staff, { payments })).body.data).toMatchObject({ change_usd: 1, change_khr: 1500, change_all_khr: 5500, riel_step: 500 });
    await setRates({ khrPerUsd: 4100, khrChangePerUsd: 4000, rielStep: 1000 });
    expect((await sell(tokens.Staff, { payments })).body.data).toMatchObject({ change_usd: 1, change_khr: 1000, change_all_khr: 5000 });

    // Paid in riel only: ៛50,000 = 1,219 cents; change $1.19 all in riel (no dollars were handed over): 119 × 40 = ៛4,760 → ៛4,000 at the 1,000 step.
    expect((await sell(tokens.Staff, { payments: [{ method: 'cash', currency: 'KHR', amount: 50000 }] })).body.data).toMatchObject({ change: 1.19, change_usd: 0, change_khr: 4000 });
    await setRates({});
  });

  it('records the change handed back as cash rows, so each currency adds up to what stayed in the drawer', async () => {
    // $20 for $11.00 at the default rates: change $9.00 in dollars, nothing in riel.
    const sale = await sell(tokens.Staff, { payments: [{ method: 'cash', currency: 'USD', amount: 20 }] });
    const rows = await database.db.selectFrom('sale_payments').select(['kind', 'currency', 'amount_cents', 'amount_khr']).where('sale_id', '=', sale.body.data.id).orderBy('id').execute();
    expect(rows).toEqual([
      { kind: 'sale', currency: 'USD', amount_cents: 2000, amount_khr: 0 },
      { kind: 'change', currency: 'USD', amount_cents: -900, amount_khr: 0 },
    ]);
    await expectSalesComplete(database);
  });

  it('refuses payments that do not cover the total, card beyond it, and malformed amounts, writing nothing', async () => {
    const before = { sales: await count('sales'), payments: await count('sale_payments') };
    const short = await sell(tokens.Staff, { payments: [{ method: 'cash', currency: 'USD', amount: 5 }, { method: 'card', amount: 5.99 }] });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ payments: ['The payments do not cover the total.'] });
    const cardOver = await sell(tokens.Staff, { payments: [{ method: 'card', amount: 12 }] });
    expect(cardOver.status).toBe(422);
    expect(cardOver.body.message).toBe('Only cash can be more than the total: change is given in cash.');
    const fraction = await sell(tokens.Staff, { payments: [{ method: 'cash', currency: 'KHR', amount: 1000.5 }] });
    expect(fraction.body.errors).toEqual({ 'payments.0.amount': ['Riel amounts are whole numbers.'] });
    const cents = await sell(tokens.Staff, { payments: [{ method: 'cash', currency: 'USD', amount: 11.001 }] });
    expect(cents.body.errors).toEqual({ 'payments.0.amount': ['Amount can have at most 2 decimals.'] });
    const unknown = await sell(tokens.Staff, { payments: [{ method: 'cheque', amount: 11 }] });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['payments.0.method']);
    const both = await sell(tokens.Staff, { payment_method: 'Cash', payments: [{ method: 'cash', amount: 11 }] });
    expect(both.body.errors).toEqual({ payments: ['Send either payments or payment_method, not both.'] });
    const neither = await sell(tokens.Staff, {});
    expect(neither.body.errors).toEqual({ payment_method: ['Choose a payment method.'] });
    expect({ sales: await count('sales'), payments: await count('sale_payments') }).toEqual(before);
  });

  it('keeps the rates a sale was paid at when the shop changes them', async () => {
    const sale = await sell(tokens.Staff, { payments: [{ method: 'cash', currency: 'KHR', amount: 50000 }] });
    await setRates({ khrPerUsd: 4200, khrChangePerUsd: 4150, rielStep: 500 });
    const again = await call(tokens.Manager, 'GET', `/api/sales/${sale.body.data.id}`);
    // ៛50,000 at 4,100 = 1,219 cents; change $1.19 in riel at 4,100 = ៛4,879 → ៛4,800.
    expect(again.body.data).toMatchObject({ khr_per_usd: 4100, khr_change_per_usd: 4100, riel_step: 100, tendered: 12.19, change: 1.19, change_khr: 4800 });
    await setRates({});
  });

  it('finds a sale by any of its payments with the Payment filter', async () => {
    const split = await sell(tokens.Staff, { payments: [{ method: 'cash', amount: 6 }, { method: 'card', amount: 5 }], notes: 'split-filter' });
    const ids = async (payment: string) => ((await call(tokens.Manager, 'GET', `/api/sales?q=split-filter&payment=${payment}`)).body.data as { id: number }[]).map((s) => s.id);
    expect(await ids('Card')).toEqual([split.body.data.id]);
    expect(await ids('cash')).toEqual([split.body.data.id]);
    expect(await ids('Bank')).toEqual([]);
  });
});

describe(`sales left on account (${dbKind})`, () => {
  it('needs sales:credit and a named customer', async () => {
    const before = await count('sales');
    const staff = await sell(tokens.Staff, { customer_id: customer.id, on_account: true, payments: [{ method: 'cash', amount: 5 }] });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('You cannot leave a sale partly unpaid. Ask a Manager.');
    const nobody = await sell(tokens.Manager, { on_account: true, payments: [{ method: 'cash', amount: 5 }] });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors).toEqual({ customer_id: ['Choose a customer to leave part of the sale on their account.'] });
    expect(await count('sales')).toBe(before);
  });

  it('leaves the rest owing, shows it on the customer, and is Paid once settled later', async () => {
    const start = (await call(tokens.Manager, 'GET', `/api/customers/${customer.id}`)).body.data.balance_owing as number;
    const sale = await sell(tokens.Manager, { customer_id: customer.id, on_account: true, payments: [{ method: 'cash', amount: 5 }] });
    expect(sale.status).toBe(201);
    expect(sale.body.data).toMatchObject({ status: 'Partial', total: 11, paid: 5, balance: 6 });
    const id = sale.body.data.id as number;
    expect((await call(tokens.Manager, 'GET', `/api/customers/${customer.id}`)).body.data.balance_owing).toBeCloseTo(start + 6, 2);
    expect(((await call(tokens.Manager, 'GET', '/api/sales?status=Partial')).body.data as { id: number }[]).map((s) => s.id)).toContain(id);
    // A customer who owes cannot be removed.
    expect((await call(tokens.Manager, 'DELETE', `/api/customers/${customer.id}`)).status).toBe(409);

    // The next morning (the till stays signed in), $3 by card: $3 still owed.
    clock.advance(10 * 60 * 60 * 1000);
    await call(tokens.Manager, 'GET', '/api/me');
    clock.advance(10 * 60 * 60 * 1000);
    const card = await post(`/api/sales/${id}/payments`, tokens.Manager, { payments: [{ method: 'card', amount: 3 }] }, 'settle-card-1');
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    expect(card.body.data).toMatchObject({ status: 'Partial', paid: 8, balance: 3 });
    expect(card.body.data.payments.at(-1)).toMatchObject({ method: 'Card', kind: 'settlement', amount: 3, business_date: '2026-11-22' });
    const replay = await post(`/api/sales/${id}/payments`, tokens.Manager, { payments: [{ method: 'card', amount: 3 }] }, 'settle-card-1');
    expect(replay.replayed).toBe(true);
    expect(replay.body.data.balance).toBe(3);

    // Card beyond what is owed is refused; ៛20,000 (487 cents at the sale's 4,100) covers $3 with
    // $1.87 change, all in riel (no dollars handed over): 187 × 41 = ៛7,667 → ៛7,600.
    expect((await post(`/api/sales/${id}/payments`, tokens.Manager, { payments: [{ method: 'card', amount: 4 }] })).status).toBe(422);
    const riel = await post(`/api/sales/${id}/payments`, tokens.Manager, { payments: [{ method: 'cash', currency: 'KHR', amount: 20000 }] });
    expect(riel.status).toBe(201);
    expect(riel.body.data).toMatchObject({ status: 'Paid', paid: 11, balance: 0 });
    expect(riel.body.change).toEqual({ change: 1.87, change_usd: 0, change_khr: 7600, change_all_khr: 7600 });
    expect((await call(tokens.Manager, 'GET', `/api/customers/${customer.id}`)).body.data.balance_owing).toBeCloseTo(start, 2);

    // Nothing left to pay.
    const again = await post(`/api/sales/${id}/payments`, tokens.Manager, { payments: [{ method: 'cash', amount: 1 }] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This sale has nothing left to pay.');
    // The card settlement makes the sale match the Card filter; its rows add up to the total.
    expect(((await call(tokens.Manager, 'GET', '/api/sales?payment=card&status=Paid')).body.data as { id: number }[]).map((s) => s.id)).toContain(id);
    await expectSalesComplete(database);
  });
});
