import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { repoRoot } from './support/server-process';
import { caller, createTestApp, dbKind, demoTokens, type FreshDatabase } from './support/test-app';

/*
 * The journal (docs/decisions/0012-tills-shifts-and-the-journal.md): sales are never edited or
 * deleted, and an edit made behind the application's back is named by the check.
 */
const { app, database, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);
const serverEnv = (database as FreshDatabase).serverEnv;

const latte = (await call(tokens.Manager, 'GET', '/api/products?q=COF-005')).body.data[0]; // $2.50 + 10% tax
const customer = (await call(tokens.Manager, 'GET', '/api/customers?per_page=1')).body.data[0];
const till = (await call(tokens.Admin, 'POST', '/api/tills', { name: 'Front counter' })).body.data;
await call(tokens.Admin, 'PUT', '/api/settings/payments', { ...DEFAULT_SETTINGS.payments, methods: DEFAULT_SETTINGS.payments.methods.map((m) => ({ ...m, enabled: m.key !== 'khqr' })) });

const sale = (extra: object) =>
  call(tokens.Manager, 'POST', '/api/sales', { sale_date: clock.now().toISOString(), items: [{ product_id: latte.id, quantity: 2, unit_price: 2.5 }], total_amount: 5.5, ...extra });
const verify = async (token = tokens.Admin) => call(token, 'GET', '/api/journal/verify');

/** `npm run verify-journal` as an operator runs it, on this test's database. */
function verifyScript() {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/verify-journal.js')], { env: { ...process.env, ...serverEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// A day's records of every kind: a shift with its float, sales with and without a till, change
// in riel, a refund, a sale on account settled later, a pay-out, and the Z-report.
const shift = (await call(tokens.Manager, 'POST', '/api/shifts', { till_id: till.id, float: [{ currency: 'USD', amount: 20 }] })).body.data;
const cash = (await sale({ till_id: till.id, payments: [{ method: 'cash', currency: 'USD', amount: 10 }] })).body.data;
const card = (await sale({ payments: [{ method: 'card', currency: 'USD', amount: 5.5 }] })).body.data;
const owed = (await sale({ customer_id: customer.id, on_account: true, payments: [{ method: 'cash', currency: 'USD', amount: 2 }] })).body.data;
await call(tokens.Manager, 'POST', `/api/sales/${owed.id}/payments`, { payments: [{ method: 'cash', currency: 'KHR', amount: 20_000 }], till_id: till.id });
const refund = (await call(tokens.Manager, 'POST', `/api/sales/${card.id}/refunds`, { method: 'card' })).body.refund;
await call(tokens.Manager, 'POST', `/api/shifts/${shift.id}/movements`, { type: 'out', currency: 'USD', amount: 1, reason: 'Ice' });
const z = (await call(tokens.Manager, 'POST', `/api/shifts/${shift.id}/close`, { counted: [{ currency: 'USD', amount: 22.5 }], note: 'End of day' })).body.data;

describe(`the journal (${dbKind})`, () => {
  it('chains every money record: shift, sales, payments taken later, refund, movement and Z-report', async () => {
    expect(z.shift.z_code).toBe('Z-000001');
    const rows = await database.db.selectFrom('journal').select(['seq', 'kind']).orderBy('seq').execute();
    // The settlement of ៛20,000 for $3.50 owed gives change: a payment row and a change row.
    expect(rows.map((r) => r.kind)).toEqual(['shift', 'sale', 'sale', 'sale', 'payment', 'payment', 'refund', 'movement', 'z_report']);
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const answer = await verify();
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ ok: true, checked: 9, total: 9, first_break: null, head: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await verify(tokens.Manager)).status).toBe(403);
  });

  it("names a sale whose total was changed in the database, and passes again once it is put back", async () => {
    await database.db.updateTable('sales').set({ total_cents: 450 }).where('id', '=', cash.id).execute();
    const broken = (await verify()).body.data;
    expect(broken).toMatchObject({ ok: false, checked: 1, first_break: { kind: 'sale', entity_id: cash.id, reference: cash.code, reason: 'changed' } });
    const script = await verifyScript();
    expect(script.code, script.output).toBe(1);
    expect(script.output).toContain(`${cash.code} (its content was changed)`);

    await database.db.updateTable('sales').set({ total_cents: 550 }).where('id', '=', cash.id).execute();
    expect((await verify()).body.data.ok).toBe(true);
    const intact = await verifyScript();
    expect(intact.code, intact.output).toBe(0);
    expect(intact.output).toContain('The journal is intact: 9 records checked.');
  });

  it('names a changed payment line, a changed refund, a deleted pay-out and a rewritten Z-report', async () => {
    const line = await database.db.selectFrom('sale_payments').select(['id', 'amount_cents']).where('sale_id', '=', cash.id).where('kind', '=', 'sale').executeTakeFirstOrThrow();
    await database.db.updateTable('sale_payments').set({ method_key: 'card' }).where('id', '=', line.id).execute();
    expect((await verify()).body.data.first_break).toMatchObject({ reference: cash.code, reason: 'changed' });
    await database.db.updateTable('sale_payments').set({ method_key: 'cash' }).where('id', '=', line.id).execute();

    await database.db.updateTable('refunds').set({ amount_cents: 1 }).where('id', '=', refund.id).execute();
    expect((await verify()).body.data.first_break).toMatchObject({ kind: 'refund', reference: refund.code, reason: 'changed' });
    await database.db.updateTable('refunds').set({ amount_cents: 550 }).where('id', '=', refund.id).execute();

    await database.db.updateTable('shifts').set({ counted_usd_cents: 2400 }).where('id', '=', shift.id).execute();
    expect((await verify()).body.data.first_break).toMatchObject({ kind: 'z_report', reference: 'Z-000001', reason: 'changed' });
    await database.db.updateTable('shifts').set({ counted_usd_cents: 2250 }).where('id', '=', shift.id).execute();
    expect((await verify()).body.data.ok).toBe(true);

    await database.db.deleteFrom('drawer_movements').where('shift_id', '=', shift.id).execute();
    expect((await verify()).body.data).toMatchObject({ ok: false, checked: 7, first_break: { kind: 'movement', reason: 'missing' } });
  });

  it('keeps refunds, later payments and what they change on a sale from breaking the sale’s record', async () => {
    // The sale on account is now Paid and the card sale Refunded: by design, not an edit.
    const statuses = await database.db.selectFrom('sales').select(['id', 'status']).where('id', 'in', [owed.id, card.id]).orderBy('id').execute();
    expect(statuses.map((s) => s.status)).toEqual(['Refunded', 'Paid']);
    const rows = await database.db.selectFrom('journal').select('kind').where('kind', '=', 'sale').execute();
    expect(rows).toHaveLength(3);
    const first = (await verify()).body.data.first_break;
    expect(first.kind).toBe('movement');
  });
});

// A shop of its own, whose journal holds only its sales.
const { app: own, database: ownDb, clock: ownClock } = await createTestApp();
const ownTokens = await demoTokens(own);
const ownCall = caller(own);
const ownLatte = (await ownCall(ownTokens.Manager, 'GET', '/api/products?q=COF-005')).body.data[0];

describe(`the journal's head, kept on its counter (${dbKind})`, () => {
  const sell = () =>
    ownCall(ownTokens.Manager, 'POST', '/api/sales', { sale_date: ownClock.now().toISOString(), payment_method: 'Cash', items: [{ product_id: ownLatte.id, quantity: 1, unit_price: 2.5 }], total_amount: 2.75 });
  const head = async () => (await ownDb.db.selectFrom('counters').select(['value', 'hash']).where('name', '=', 'journal').executeTakeFirstOrThrow());
  const last = async () => (await ownDb.db.selectFrom('journal').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow());

  it('holds the last record\'s number and hash, and a database that had none yet chains on from the record itself', async () => {
    for (let i = 0; i < 3; i += 1) expect((await sell()).status).toBe(201);
    const kept = await head();
    expect(kept).toEqual({ value: (await last()).seq, hash: (await last()).hash });

    // As a database migrated from before the head was kept, with its records already there.
    await ownDb.db.updateTable('counters').set({ hash: null }).where('name', '=', 'journal').execute();
    expect((await sell()).status).toBe(201);
    expect(await head()).toEqual({ value: kept.value + 1, hash: (await last()).hash });
    const checked = (await ownCall(ownTokens.Admin, 'GET', '/api/journal/verify')).body.data;
    expect(checked).toMatchObject({ ok: true, checked: kept.value + 1, first_break: null, head: (await last()).hash });
  });
});
