import { describe, expect, it } from 'vitest';
import { compiledOnce, type Rows } from '../src/db/compiled-once';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * The statement behind every signed-in request (the session of a token) is built once and run
 * with each request's token (db/compiled-once.ts): each request must still be answered as its
 * own token's person, and a token signed out must stop at once. A sale's statements are built
 * once per shape: an IN-list of another length, or rows of another number or other columns, is
 * another statement.
 */
const { app } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

describe(`statements built once (${dbKind})`, () => {
  it('answers each of many requests at once as the person whose token it carries', async () => {
    const asked = Array.from({ length: 30 }, (_, n) => (['Admin', 'Manager', 'Staff'] as const)[n % 3]!);
    const answers = await Promise.all(asked.map((role) => call(tokens[role], 'GET', '/api/me')));
    expect(answers.map((answer) => answer.body.data.role)).toEqual(asked);
    expect(new Set(answers.map((answer) => answer.body.data.email))).toEqual(new Set(['admin@demo.shop', 'manager@demo.shop', 'staff@demo.shop']));
  });

  it('refuses a token once it is signed out, and still knows the others', async () => {
    const { Staff: staff } = await demoTokens(app);
    expect((await call(staff, 'GET', '/api/me')).status).toBe(200);
    expect((await call(staff, 'POST', '/api/logout')).status).toBe(200);
    expect((await call(staff, 'GET', '/api/me')).status).toBe(401);
    expect((await call(tokens.Staff, 'GET', '/api/me')).body.data.email).toBe('staff@demo.shop');
  });

  it('runs the same statement with each call\'s values, and refuses one built without a place for a value', async () => {
    const byEmail = compiledOnce((db, email: string) => db.selectFrom('users').select(['email', 'role']).where('email', '=', email));
    expect(await byEmail(app.services, 'manager@demo.shop')).toEqual([{ email: 'manager@demo.shop', role: 'Manager' }]);
    expect(await byEmail(app.services, 'staff@demo.shop')).toEqual([{ email: 'staff@demo.shop', role: 'Staff' }]);
    expect(await byEmail(app.services, 'nobody@demo.shop')).toEqual([]);

    const forgetful = compiledOnce((db, _email: string) => db.selectFrom('users').select('email').where('role', '=', 'Admin'));
    await expect(forgetful(app.services, 'admin@demo.shop')).rejects.toThrow(/1 of the values has no place/);
  });

  it('builds a statement per length of list, and per number and columns of rows, each with its own values', async () => {
    const byEmails = compiledOnce((db, emails: string[]) => db.selectFrom('users').select('email').where('email', 'in', emails).orderBy('email'));
    const emailsOf = async (emails: string[]) => (await byEmails(app.services, emails)).map((row) => row.email);
    expect(await emailsOf(['staff@demo.shop'])).toEqual(['staff@demo.shop']);
    expect(await emailsOf(['manager@demo.shop', 'admin@demo.shop'])).toEqual(['admin@demo.shop', 'manager@demo.shop']);
    expect(await emailsOf(['manager@demo.shop'])).toEqual(['manager@demo.shop']);
    expect(await emailsOf(['staff@demo.shop', 'nobody@demo.shop', 'admin@demo.shop'])).toEqual(['admin@demo.shop', 'staff@demo.shop']);

    const record = compiledOnce((db, rows: Rows<'audit_log'>) => db.insertInto('audit_log').values(rows).returning(['action', 'entity_id', 'before']));
    const at = new Date().toISOString();
    const row = (n: number, before?: string) => ({ user_id: null, action: 'shape-test', entity: 'test', entity_id: String(n), before, after: null, created_at: at });
    expect(await record(app.services, [row(1, 'one')])).toEqual([{ action: 'shape-test', entity_id: '1', before: 'one' }]);
    // A key left undefined is left out of the insert, as Kysely leaves it: its column takes its default.
    expect(await record(app.services, [row(2)])).toEqual([{ action: 'shape-test', entity_id: '2', before: null }]);
    expect(await record(app.services, [row(3, 'three'), row(4, 'four')])).toEqual([
      { action: 'shape-test', entity_id: '3', before: 'three' },
      { action: 'shape-test', entity_id: '4', before: 'four' },
    ]);
    expect(await record(app.services, [row(5, 'five')])).toEqual([{ action: 'shape-test', entity_id: '5', before: 'five' }]);
  });
});
