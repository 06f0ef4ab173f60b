import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '@shop/contracts/approval';
import { DEMO_PIN } from '../src/seed';
import { bearer, caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * Tax and service are the shop's, not the cashier's: a Staff member who switches tax off or
 * charges another service percent needs a Manager's approval by PIN, and so does their refund.
 * The shop charges 10% tax (added) and no service charge by default.
 */
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

const latte = (await call(tokens.Manager, 'GET', '/api/products?q=COF-005')).body.data[0]; // $2.50, made to order
const approvers = async (permission: string, token = tokens.Staff) => (await call(token, 'GET', `/api/approvers?permission=${permission}`)).body.data as { id: number; name: string }[];
const manager = (await approvers('sales:override-tax')).find((a) => a.name === 'Manager Demo')!;
const admin = (await approvers('sales:override-tax')).find((a) => a.name === 'Admin Demo')!;

const approve = (approverId: number, pin: string, permission = 'sales:override-tax', token = tokens.Staff) =>
  call(token, 'POST', '/api/approvals', { approver_id: approverId, pin, permission });

/** One latte, cash, tendered exactly; `extra` switches tax or service. */
async function sell(token: string, extra: Record<string, unknown>, key?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sales',
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { sale_date: clock.now().toISOString(), payment_method: 'Card', items: [{ product_id: latte.id, quantity: 1, unit_price: 2.5 }], total_amount: 2.75, ...extra },
  });
  return { status: response.statusCode, body: response.json(), replayed: response.headers['idempotent-replayed'] === 'true' };
}
const untaxed = { tax_enabled: false, total_amount: 2.5 };

const count = async (table: 'sales' | 'refunds' | 'approvals') =>
  Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe(`manager approvals at the till (${dbKind})`, () => {
  it('lists those who can approve, by name, only with a PIN set; Staff cannot have a PIN', async () => {
    expect((await approvers('sales:override-tax')).map((a) => a.name)).toEqual(['Admin Demo', 'Manager Demo']);
    expect((await approvers('sales:refund')).map((a) => a.name)).toEqual(['Admin Demo', 'Manager Demo']);
    expect((await call(tokens.Staff, 'GET', '/api/approvers?permission=users:manage')).status).toBe(422);
    const staffPin = await call(tokens.Staff, 'PUT', '/api/profile/pin', { current_password: 'demo1234', pin: '5555' });
    expect(staffPin).toMatchObject({ status: 403, body: { message: APPROVAL_MESSAGES.pinNotAllowed } });
  });

  it('refuses a Staff sale with tax off or another service charge without approval, writing nothing', async () => {
    const before = await count('sales');
    for (const extra of [untaxed, { service_percent: 5, total_amount: 2.88 }]) {
      const refused = await sell(tokens.Staff, extra);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(APPROVAL_MESSAGES.overrideNeedsApproval);
    }
    expect(await count('sales')).toBe(before);
    // The shop's own tax and service need no one.
    const plain = await sell(tokens.Staff, {});
    expect(plain.status).toBe(201);
    expect(plain.body.data.approved_by).toBeNull();
  });

  it("takes a Manager's PIN approval, records the approver, and replays a retried sale after the approval has expired", async () => {
    const approval = await approve(manager.id, DEMO_PIN);
    expect(approval.status).toBe(201);
    expect(approval.body.data).toMatchObject({ approver: { id: manager.id, name: 'Manager Demo' } });
    expect(Date.parse(approval.body.data.expires_at) - clock.now().getTime()).toBe(10 * 60_000);
    const stored = await database.db.selectFrom('approvals').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(approval.body.data.token);

    // The till sends a retry as it sent the first attempt, moment included.
    const attempt = { ...untaxed, approval_token: approval.body.data.token, sale_date: clock.now().toISOString() };
    const sold = await sell(tokens.Staff, attempt, 'approved-sale-1');
    expect(sold.status).toBe(201);
    expect(sold.body.data).toMatchObject({ tax_enabled: false, tax: 0, total: 2.5, approved_by: { id: manager.id, name: 'Manager Demo' } });
    const row = await database.db.selectFrom('sales').select('approved_by').where('id', '=', sold.body.data.id).executeTakeFirstOrThrow();
    expect(row.approved_by).toBe(manager.id);
    const audit = await database.db.selectFrom('audit_log').select(['action', 'after']).where('entity', '=', 'approval').execute();
    expect(audit.map((entry) => entry.action)).toEqual(['approval.grant']);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ permission: 'sales:override-tax', approver_id: manager.id });

    // Good again within its minutes (a second sale of the same cart), not after.
    expect((await sell(tokens.Staff, { service_percent: 10, total_amount: 3, approval_token: approval.body.data.token })).status).toBe(201);
    clock.advance(10 * 60_000 + 1000);
    const salesBefore = await count('sales');
    const expired = await sell(tokens.Staff, { ...untaxed, approval_token: approval.body.data.token });
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe(APPROVAL_MESSAGES.approvalInvalid);
    const retried = await sell(tokens.Staff, attempt, 'approved-sale-1');
    expect(retried).toMatchObject({ status: 201, replayed: true });
    expect(retried.body.data.id).toBe(sold.body.data.id);
    expect(await count('sales')).toBe(salesBefore);
  });

  it('refuses an approval for another permission, a made-up one, and another cashier’s', async () => {
    const forRefunds = await approve(manager.id, DEMO_PIN, 'sales:refund');
    expect(forRefunds.status).toBe(201);
    const refused = await sell(tokens.Staff, { ...untaxed, approval_token: forRefunds.body.data.token });
    expect(refused).toMatchObject({ status: 403, body: { message: APPROVAL_MESSAGES.approvalInvalid } });
    expect((await sell(tokens.Staff, { ...untaxed, approval_token: 'not-a-token' })).status).toBe(403);

    const other = await call(tokens.Admin, 'POST', '/api/users', { name: 'Second Cashier', email: 'second@demo.shop', password: 'Correct-horse-9', role: 'Staff' });
    expect(other.status).toBe(201);
    const otherLogin = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'second@demo.shop', password: 'Correct-horse-9' } });
    const otherToken = otherLogin.json<{ access_token: string }>().access_token;
    const theirs = await approve(manager.id, DEMO_PIN, 'sales:override-tax', otherToken);
    expect(theirs.status).toBe(201);
    expect((await sell(tokens.Staff, { ...untaxed, approval_token: theirs.body.data.token })).status).toBe(403);
    expect((await sell(otherToken, { ...untaxed, approval_token: theirs.body.data.token })).status).toBe(201);
  });

  it('lets a Manager override without asking, and refuses a service charge over the largest for everyone', async () => {
    const own = await sell(tokens.Manager, untaxed);
    expect(own.status).toBe(201);
    expect(own.body.data.approved_by).toBeNull();
    const before = await count('sales');
    const over = await sell(tokens.Manager, { service_percent: 21, total_amount: 3.28 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ service_percent: [APPROVAL_MESSAGES.serviceOverMax] });
    expect(await count('sales')).toBe(before);
  });

  it("follows the shop's service charge: its auto-applied percent needs no one, leaving it off does", async () => {
    expect((await call(tokens.Admin, 'PUT', '/api/settings/service', { enabled: true, percent: 5, autoApply: true, maxPercent: 8 })).status).toBe(200);
    try {
      expect((await sell(tokens.Staff, { service_percent: 5, total_amount: 2.88 })).status).toBe(201);
      expect((await sell(tokens.Staff, { service_percent: 0, total_amount: 2.75 })).status).toBe(403);
      expect((await sell(tokens.Manager, { service_percent: 10, total_amount: 3 })).status).toBe(422);
    } finally {
      await call(tokens.Admin, 'PUT', '/api/settings/service', { enabled: false, percent: 0, autoApply: false, maxPercent: 20 });
    }
  });

  it('answers a wrong PIN with 422 and locks that approver after five, with Retry-After', async () => {
    const grantsBefore = await count('approvals');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await approve(admin.id, '9999');
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toEqual({ pin: [APPROVAL_MESSAGES.pinWrong] });
    }
    const locked = await app.inject({ method: 'POST', url: '/api/approvals', headers: bearer(tokens.Staff), payload: { approver_id: admin.id, pin: DEMO_PIN, permission: 'sales:override-tax' } });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().message).toMatch(/^Too many wrong attempts/);
    // The lock is that approver's PIN only; it lifts after its window.
    expect((await approve(manager.id, DEMO_PIN)).status).toBe(201);
    clock.advance(15 * 60_000 + 1000);
    expect((await approve(admin.id, DEMO_PIN)).status).toBe(201);
    expect(await count('approvals')).toBe(grantsBefore + 2);

    expect((await approve(admin.id, '12')).status).toBe(422);
    expect((await approve(9999, DEMO_PIN)).body.errors).toEqual({ approver_id: [APPROVAL_MESSAGES.cannotApprove] });
  });

  it('lets Staff refund with an approval for refunds, recording who approved', async () => {
    const sale = (await sell(tokens.Staff, {})).body.data;
    const refundsBefore = await count('refunds');
    const refused = await call(tokens.Staff, 'POST', `/api/sales/${sale.id}/refunds`, {});
    expect(refused).toMatchObject({ status: 403, body: { message: APPROVAL_MESSAGES.refundNeedsApproval } });
    const taxApproval = (await approve(manager.id, DEMO_PIN)).body.data.token;
    expect((await call(tokens.Staff, 'POST', `/api/sales/${sale.id}/refunds`, { approval_token: taxApproval })).status).toBe(403);
    expect(await count('refunds')).toBe(refundsBefore);

    const approval = (await approve(manager.id, DEMO_PIN, 'sales:refund')).body.data.token;
    const refunded = await call(tokens.Staff, 'POST', `/api/sales/${sale.id}/refunds`, { approval_token: approval, reason: 'Wrong order' });
    expect(refunded.status).toBe(201);
    expect(refunded.body.data.status).toBe('Refunded');
    const row = await database.db.selectFrom('refunds').select(['approved_by', 'user_id']).where('id', '=', refunded.body.refund.id).executeTakeFirstOrThrow();
    expect(row.approved_by).toBe(manager.id);
  });

  it('changes a PIN only with the current password; the old PIN stops working, and a removed PIN leaves the list', async () => {
    const wrongPassword = await call(tokens.Manager, 'PUT', '/api/profile/pin', { current_password: 'not-it', pin: '4321' });
    expect(wrongPassword).toMatchObject({ status: 422, body: { errors: { current_password: expect.any(Array) } } });
    expect((await call(tokens.Manager, 'PUT', '/api/profile/pin', { current_password: 'demo1234', pin: '12a4' })).status).toBe(422);
    expect((await call(tokens.Manager, 'GET', '/api/profile')).body.data.has_pin).toBe(true);

    expect(await call(tokens.Manager, 'PUT', '/api/profile/pin', { current_password: 'demo1234', pin: '432109' })).toMatchObject({ status: 200, body: { message: APPROVAL_MESSAGES.pinSet } });
    expect((await approve(manager.id, DEMO_PIN)).status).toBe(422);
    expect((await approve(manager.id, '432109')).status).toBe(201);
    const stored = await database.db.selectFrom('users').select('pin_hash').where('id', '=', manager.id).executeTakeFirstOrThrow();
    expect(stored.pin_hash).not.toContain('432109');

    expect((await call(tokens.Manager, 'PUT', '/api/profile/pin', { current_password: 'demo1234', pin: null })).status).toBe(200);
    expect((await call(tokens.Manager, 'GET', '/api/profile')).body.data.has_pin).toBe(false);
    expect((await approvers('sales:override-tax')).map((a) => a.name)).toEqual(['Admin Demo']);
    expect((await approve(manager.id, '432109')).body.errors).toEqual({ approver_id: [APPROVAL_MESSAGES.cannotApprove] });
  });
});
