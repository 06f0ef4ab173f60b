import { describe, expect, it } from 'vitest';
import { SHIFT_MESSAGES } from '@shop/contracts/shift';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { TILL_MESSAGES } from '@shop/contracts/till';
import { DEMO_PIN } from '../src/seed';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * Tills and shifts (docs/decisions/0012-tills-shifts-and-the-journal.md): a day at two tills with
 * dollars and riel, counted against what the drawer should hold, computed here by hand. The shop
 * charges 10% tax, takes riel at 4,100 and gives change at 4,100 rounded down to 100 riel.
 */
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

const latte = (await call(tokens.Manager, 'GET', '/api/products?q=COF-005')).body.data[0]; // $2.50, made to order
await call(tokens.Admin, 'PUT', '/api/settings/payments', { ...DEFAULT_SETTINGS.payments, methods: DEFAULT_SETTINGS.payments.methods.map((m) => ({ ...m, enabled: m.key !== 'khqr' })) });
const shiftSettings = (changes: Partial<typeof DEFAULT_SETTINGS.shifts>) => call(tokens.Admin, 'PUT', '/api/settings/shifts', { ...DEFAULT_SETTINGS.shifts, ...changes });

const counter = (await call(tokens.Admin, 'POST', '/api/tills', { name: 'Front counter' })).body.data;
const bar = (await call(tokens.Admin, 'POST', '/api/tills', { name: 'Bar' })).body.data;

type Cash = { currency: 'USD' | 'KHR'; amount: number; denominations?: { value: number; count: number }[] };
const usd = (amount: number): Cash => ({ currency: 'USD', amount });
const khr = (amount: number): Cash => ({ currency: 'KHR', amount });

/** Lattes at a till, paid as given. */
async function sell(token: string, till: number | null, quantity: number, payments: { method: string; currency: 'USD' | 'KHR'; amount: number }[]) {
  const total = Math.round(quantity * 2.5 * 1.1 * 100) / 100;
  return call(token, 'POST', '/api/sales', {
    sale_date: clock.now().toISOString(),
    items: [{ product_id: latte.id, quantity, unit_price: 2.5 }],
    total_amount: total,
    payments,
    ...(till === null ? {} : { till_id: till }),
  });
}

const open = (token: string, till: number, float: Cash[]) => call(token, 'POST', '/api/shifts', { till_id: till, float });
const move = (token: string, shift: number, body: object) => call(token, 'POST', `/api/shifts/${shift}/movements`, body);
const report = (token: string, shift: number) => call(token, 'GET', `/api/shifts/${shift}/report`);
const close = (token: string, shift: number, body: object) => call(token, 'POST', `/api/shifts/${shift}/close`, body);
const drawerOf = (body: { drawer: { currency: string }[] }, currency: string) => body.drawer.find((line) => line.currency === currency);

describe(`tills and shifts (${dbKind})`, () => {
  it('lets an Admin define tills, each name once, and no one else', async () => {
    expect(counter).toMatchObject({ name: 'Front counter', active: true, open_shift: null });
    expect(await call(tokens.Admin, 'POST', '/api/tills', { name: 'front COUNTER' })).toMatchObject({ status: 409, body: { message: TILL_MESSAGES.nameTaken } });
    expect((await call(tokens.Manager, 'POST', '/api/tills', { name: 'Terrace' })).status).toBe(403);
    expect((await call(tokens.Admin, 'POST', '/api/tills', { name: 'Terrace', printer_id: 'nowhere' })).status).toBe(422);
    expect((await call(tokens.Staff, 'GET', '/api/tills')).body.data.map((t: { name: string }) => t.name)).toEqual(['Bar', 'Front counter']);
  });

  it('refuses a sale at a till without an open shift once the shop requires one; sales without a till still go through', async () => {
    await shiftSettings({ required: true });
    const refused = await sell(tokens.Staff, bar.id, 1, [{ method: 'card', currency: 'USD', amount: 2.75 }]);
    expect(refused).toMatchObject({ status: 409, body: { code: 'shift_required', message: SHIFT_MESSAGES.tillNeedsShift } });
    const online = await sell(tokens.Staff, null, 1, [{ method: 'card', currency: 'USD', amount: 2.75 }]);
    expect(online.status).toBe(201);
    expect(online.body.data).toMatchObject({ till: null, shift_id: null });
  });

  it('counts a day of dollars and riel at two tills at once: expected per currency is what a cashier works out by hand', async () => {
    const a = await open(tokens.Staff, counter.id, [usd(20), khr(40_000)]);
    expect(a.status).toBe(201);
    const b = await open(tokens.Manager, bar.id, [{ currency: 'USD', amount: 15, denominations: [{ value: 10, count: 1 }, { value: 5, count: 1 }] }]);
    expect(b.status).toBe(201);
    expect(b.body.data.float).toEqual([usd(15), khr(0)]);
    expect(await open(tokens.Manager, counter.id, [usd(5)])).toMatchObject({ status: 409, body: { message: SHIFT_MESSAGES.alreadyOpen } });
    const shift = a.body.data.id as number;

    // $5.50 paid with a $10 note: $4 and 0.50 × 4,100 = 2,050, so ៛2,000 back.
    const first = await sell(tokens.Staff, counter.id, 2, [{ method: 'cash', currency: 'USD', amount: 10 }]);
    expect(first.body.data).toMatchObject({ till: { id: counter.id, name: 'Front counter' }, shift_id: shift, change_usd: 4, change_khr: 2000 });
    // $2.75 paid with ៛12,000 (worth $2.92): 0.17 × 4,100 = 697, so ៛600 back.
    const second = await sell(tokens.Staff, counter.id, 1, [{ method: 'cash', currency: 'KHR', amount: 12_000 }]);
    expect(second.body.data).toMatchObject({ change_usd: 0, change_khr: 600 });
    // Card does not touch the drawer.
    expect((await sell(tokens.Staff, counter.id, 1, [{ method: 'card', currency: 'USD', amount: 2.75 }])).status).toBe(201);
    // The bar sells too, into its own drawer.
    expect((await sell(tokens.Manager, bar.id, 2, [{ method: 'cash', currency: 'USD', amount: 5.5 }])).body.data.shift_id).toBe(b.body.data.id);

    expect((await move(tokens.Staff, shift, { type: 'in', currency: 'KHR', amount: 20_000, reason: 'Change float' })).status).toBe(201);
    expect((await move(tokens.Staff, shift, { type: 'out', currency: 'USD', amount: 3, reason: 'Ice' })).status).toBe(201);
    expect(await move(tokens.Staff, shift, { type: 'out', currency: 'USD', amount: 3 })).toMatchObject({ status: 422, body: { errors: { reason: ['Say what the money is for.'] } } });
    expect((await move(tokens.Staff, shift, { type: 'no_sale' })).status).toBe(201);
    // A double tap on Pay out, sent with one Idempotency-Key, is paid out once.
    const tap = () =>
      app.inject({ method: 'POST', url: `/api/shifts/${shift}/movements`, headers: { authorization: `Bearer ${tokens.Staff}`, 'idempotency-key': 'pay-out-ice-1' }, payload: { type: 'out', currency: 'KHR', amount: 4_000, reason: 'Ice' } });
    const [once, again] = [await tap(), await tap()];
    expect([once.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.json().data.id).toBe(once.json().data.id);
    expect((await move(tokens.Staff, shift, { type: 'in', currency: 'KHR', amount: 4_000, reason: 'Ice money back' })).status).toBe(201);
    // One latte of the first sale back in dollars, at the counter.
    const refund = await call(tokens.Manager, 'POST', `/api/sales/${first.body.data.id}/refunds`, {
      items: [{ sale_item_id: (await call(tokens.Manager, 'GET', `/api/sales/${first.body.data.id}`)).body.data.items[0].id, quantity: 1 }],
      method: 'cash',
      till_id: counter.id,
    });
    expect(refund.status).toBe(201);
    expect(refund.body.refund.amount).toBe(2.75);

    // By hand: 20 + 10 − 4 − 3 − 2.75 = $20.25; 40,000 + 12,000 − 2,000 − 600 + 20,000 = ៛69,400.
    const x = await report(tokens.Manager, shift);
    expect(x.body.data.kind).toBe('X');
    expect(drawerOf(x.body.data, 'USD')).toEqual({ currency: 'USD', float: 20, cash_sales: 10, change: 4, pay_ins: 0, pay_outs: 3, refunds: 2.75, expected: 20.25, counted: null, difference: null });
    expect(drawerOf(x.body.data, 'KHR')).toEqual({ currency: 'KHR', float: 40_000, cash_sales: 12_000, change: 2_600, pay_ins: 24_000, pay_outs: 4_000, refunds: 0, expected: 69_400, counted: null, difference: null });
    expect(x.body.data.no_sales).toBe(1);
    expect(x.body.data.movements.map((m: { reason: string }) => m.reason)).toEqual(['Change float', 'Ice', 'Ice', 'Ice money back']);
    const card = x.body.data.methods.find((m: { method_key: string }) => m.method_key === 'card');
    expect(card).toMatchObject({ currency: 'USD', amount: 2.75 });

    // A blind count: the cashier's X-report leaves the cash out.
    const blind = await report(tokens.Staff, shift);
    expect(blind.body.data.drawer).toEqual([]);
    expect(blind.body.data.methods.some((m: { method_key: string }) => m.method_key === 'cash')).toBe(false);

    // Counted right to the riel: closed at once, Z-report numbered.
    const closed = await close(tokens.Staff, shift, { counted: [usd(20.25), khr(69_400)] });
    expect(closed.status).toBe(200);
    const z = closed.body.data;
    expect(z).toMatchObject({ kind: 'Z', shift: { status: 'closed', z_code: expect.stringMatching(/^Z-\d{6}$/), counted: [usd(20.25), khr(69_400)], difference: [usd(0), khr(0)] } });
    expect(drawerOf(z, 'KHR')).toMatchObject({ expected: 69_400, counted: 69_400, difference: 0 });

    // Its sales totals are the sales report's for that shift, refunds included.
    const list = await call(tokens.Manager, 'GET', `/api/sales?shift_id=${shift}&per_page=50`);
    expect(z.sales).toEqual(list.body.meta.totals);
    expect(z.sales).toMatchObject({ orders: 3, net: 11, refunded: 2.75, net_after_refunds: 8.25 });
    expect((await call(tokens.Manager, 'GET', `/api/sales?till_id=${counter.id}&per_page=50`)).body.meta.totals.orders).toBe(3);

    // The Z-report stays as it was: a later sale elsewhere or a refund of its sale does not move it.
    await call(tokens.Manager, 'POST', `/api/sales/${first.body.data.id}/refunds`, { method: 'cash' });
    expect((await report(tokens.Staff, shift)).body.data).toEqual(z);

    // The bar's drawer is its own: float 15 + 5.50 cash.
    expect(drawerOf((await report(tokens.Manager, b.body.data.id)).body.data, 'USD')).toMatchObject({ float: 15, cash_sales: 5.5, expected: 20.5 });

    // Closed, a sale at that till needs a new shift, and a closed shift takes no movement.
    expect((await sell(tokens.Staff, counter.id, 1, [{ method: 'card', currency: 'USD', amount: 2.75 }])).status).toBe(409);
    expect(await move(tokens.Staff, shift, { type: 'no_sale' })).toMatchObject({ status: 409, body: { message: SHIFT_MESSAGES.notOpen } });
    const csv = await app.inject({ method: 'GET', url: `/api/shifts/${shift}/report.csv`, headers: { authorization: `Bearer ${tokens.Staff}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`${z.shift.z_code.toLowerCase()}.csv`);
    expect(csv.body).toContain('Drawer,Expected,KHR,69400');
    expect(csv.body).toContain('Sales,Net after refunds,USD,8.25');
  });

  it("holds back a count off by more than the shop allows until a Manager approves by PIN and a note says why", async () => {
    await shiftSettings({ required: true, maxDifference: 2 });
    const shift = (await open(tokens.Staff, counter.id, [usd(10), khr(20_000)])).body.data.id as number;
    // Within the limit: ៛8,000 short is $1.95 at 4,100.
    const nearly = [usd(10), khr(12_000)];
    const far = [usd(6), khr(20_000)];

    const refused = await close(tokens.Staff, shift, { counted: far });
    expect(refused).toMatchObject({ status: 409, body: { code: 'difference_needs_approval', message: SHIFT_MESSAGES.differenceNeedsApproval } });
    // Now, and not before, the cashier sees what the drawer should hold.
    expect(refused.body.drawer).toEqual([
      expect.objectContaining({ currency: 'USD', expected: 10, counted: 6, difference: -4 }),
      expect.objectContaining({ currency: 'KHR', expected: 20_000, counted: 20_000, difference: 0 }),
    ]);
    const manager = (await call(tokens.Staff, 'GET', '/api/approvers?permission=shifts:manage')).body.data.find((a: { name: string }) => a.name === 'Manager Demo');
    const approval = await call(tokens.Staff, 'POST', '/api/approvals', { approver_id: manager.id, pin: DEMO_PIN, permission: 'shifts:manage' });
    expect(approval.status).toBe(201);
    // Approved but with no note, the figures come back again: a note is still wanted.
    expect(await close(tokens.Staff, shift, { counted: far, approval_token: approval.body.data.token })).toMatchObject({ status: 409, body: { code: 'difference_needs_approval' } });
    expect((await close(tokens.Staff, shift, { counted: far, note: 'Paid the milk man', approval_token: 'made-up' })).status).toBe(403);
    const approved = await close(tokens.Staff, shift, { counted: far, note: 'Paid the milk man', approval_token: approval.body.data.token });
    expect(approved.status).toBe(200);
    expect(approved.body.data.shift).toMatchObject({ note: 'Paid the milk man', approved_by: { name: 'Manager Demo' }, difference: [usd(-4), khr(0)] });

    // Within the limit, no one needs asking.
    const next = (await open(tokens.Staff, counter.id, [usd(10), khr(20_000)])).body.data.id as number;
    expect((await close(tokens.Staff, next, { counted: nearly })).body.data.shift.difference).toEqual([usd(0), khr(-8_000)]);
  });

  it('lets Staff see and close only their own shifts; a Manager sees all and closes one left open', async () => {
    // A Manager past the limit needs no one's PIN, but sees the figures and writes why.
    const off = (await open(tokens.Manager, counter.id, [usd(30)])).body.data.id as number;
    expect(await close(tokens.Manager, off, { counted: [usd(20)] })).toMatchObject({ status: 409, body: { drawer: [expect.objectContaining({ currency: 'USD', expected: 30, difference: -10 }), expect.anything()] } });
    expect((await close(tokens.Manager, off, { counted: [usd(20)], note: 'Paid the baker' })).body.data.shift).toMatchObject({ approved_by: { name: 'Manager Demo' }, note: 'Paid the baker' });
    const managers = (await open(tokens.Manager, counter.id, [usd(30)])).body.data.id as number;
    expect(await close(tokens.Staff, managers, { counted: [usd(30)] })).toMatchObject({ status: 403, body: { message: SHIFT_MESSAGES.notYours } });
    expect((await close(tokens.Manager, managers, { counted: [usd(30)] })).status).toBe(200);
    // The closed shift of someone else is not the cashier's to read.
    expect((await report(tokens.Staff, managers)).status).toBe(404);
    const staffList = (await call(tokens.Staff, 'GET', '/api/shifts?per_page=100')).body.data as { opened_by: { name: string }; closed_by: { name: string } | null }[];
    expect(staffList.length).toBeGreaterThan(0);
    expect(staffList.every((s) => s.opened_by.name === 'Staff Demo' || s.closed_by?.name === 'Staff Demo')).toBe(true);
    const all = (await call(tokens.Manager, 'GET', `/api/shifts?till_id=${bar.id}&status=open`)).body.data;
    expect(all).toHaveLength(1);

    // A shift left open by the cashier: the Manager closes it.
    const left = (await open(tokens.Staff, counter.id, [usd(10)])).body.data.id as number;
    clock.advance(3 * 3_600_000);
    const closed = await close(tokens.Manager, left, { counted: [usd(10)], note: 'Left open overnight' });
    expect(closed.body.data.shift).toMatchObject({ closed_by: { name: 'Manager Demo' }, opened_by: { name: 'Staff Demo' } });
  });

  it('numbers Z-reports without a gap when two tills close at the same moment', async () => {
    const terrace = (await call(tokens.Admin, 'POST', '/api/tills', { name: 'Terrace' })).body.data;
    const shifts = [
      (await open(tokens.Manager, counter.id, [usd(1)])).body.data.id,
      (await open(tokens.Manager, terrace.id, [usd(2)])).body.data.id,
      (await call(tokens.Manager, 'GET', `/api/shifts/current?till_id=${bar.id}`)).body.data.id,
    ] as number[];
    const before = (await database.db.selectFrom('shifts').select((eb) => eb.fn.max('z_number').as('z')).executeTakeFirstOrThrow()).z;
    const answers = await Promise.all(shifts.map((id) => close(tokens.Manager, id, { counted: [usd(50)], note: 'Counted together' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const numbers = answers.map((a) => a.body.data.shift.z_number as number).sort((x, y) => x - y);
    const first = Number(before) + 1;
    expect(numbers).toEqual([first, first + 1, first + 2]);
    const stored = await database.db.selectFrom('z_reports').select('number').orderBy('number').execute();
    expect(stored.map((row) => row.number)).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
  });

  it('keeps one open shift per till when two browsers open it at the same moment', async () => {
    const answers = await Promise.all([open(tokens.Staff, bar.id, [usd(5)]), open(tokens.Manager, bar.id, [usd(6)])]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const openAtBar = await database.db.selectFrom('shifts').select('id').where('till_id', '=', bar.id).where('status', '=', 'open').execute();
    expect(openAtBar).toHaveLength(1);
  });

  it('switches a till off only once its shift is closed, and refuses to sell there after', async () => {
    const shift = (await call(tokens.Manager, 'GET', `/api/shifts/current?till_id=${bar.id}`)).body.data;
    expect(await call(tokens.Admin, 'PUT', `/api/tills/${bar.id}`, { name: 'Bar', active: false })).toMatchObject({ status: 409, body: { message: TILL_MESSAGES.hasOpenShift } });
    await close(tokens.Manager, shift.id, { counted: [usd(50)], note: 'Closing the bar' });
    expect((await call(tokens.Admin, 'PUT', `/api/tills/${bar.id}`, { name: 'Bar', active: false })).status).toBe(200);
    expect(await open(tokens.Staff, bar.id, [usd(5)])).toMatchObject({ status: 409, body: { message: TILL_MESSAGES.inactive } });
  });
});
