import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled-once';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * The statement behind every signed-in request (the session of a token) is built once and run
 * with each request's token (db/compiled-once.ts): each request must still be answered as its
 * own token's person, and a token signed out must stop at once.
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
});
