import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@shop/contracts/http';
import { roleSchema } from '@shop/contracts/common';
import { can, isAccess, isPermission, PERMISSION_NAMES } from '@shop/contracts/permissions';
import { bearer, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * The permission table against the API as it publishes itself: every operation of the OpenAPI
 * document names the access it needs, every named permission is one of the table's, and the
 * server answers each role exactly as the table says. A route added without a decision, or a
 * table changed without the guard following, fails here.
 */
const { app, database } = await createTestApp({ loginRateLimitPerMinute: 100_000 });
const tokens = await demoTokens(app);

type Operation = { 'x-permission'?: unknown };
const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, access: op['x-permission'] })),
);

/** Permissions that guard a rule inside a service rather than a whole route. */
const ASKED_BY_SERVICES = {
  'sales:view-all': 'sales, search and the sales export show other cashiers’ sales',
  'costs:view': 'the stock and expiring lists carry purchase costs',
  'sales:credit': 'checkout leaves a named customer’s sale partly unpaid (on_account)',
  'sales:refund': 'a refund is open to whoever sells; the refund itself asks for this or a Manager’s approval (approval_token)',
  'sales:override-tax': 'checkout asks for it, or a Manager’s approval, when tax is switched off or the service charge is not the shop’s',
  'shifts:manage': 'every till’s shifts, closing another’s shift, and a count off by more than the shop allows (or a Manager’s approval) ask for it',
  'sales:discount': 'checkout asks for it when a line or the order has a discount given by hand',
  'sales:discount-beyond-limit': 'checkout asks for it, or a Manager’s approval, when a hand discount goes beyond Settings → Discounts’ limit',
};

const auditRows = async () => Number((await sql<{ n: number }>`select count(*) as n from audit_log`.execute(database.db)).rows[0]!.n);

async function call(method: string, path: string, token: string | null) {
  const response = await app.inject({
    method: method as 'GET',
    url: path.replace('{id}', '987654'),
    headers: { ...(token ? bearer(token) : {}), 'idempotency-key': `permissions-${method}-${path}-${Math.random()}` },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, message: json ? response.json<{ message?: string }>().message : undefined };
}

describe(`the permission table and the API (${dbKind})`, () => {
  it('names the access of every operation the server publishes', () => {
    expect(operations.length).toBeGreaterThan(50);
    const undeclared = operations.filter((op) => !isAccess(op.access));
    expect(undeclared.map((op) => `${op.route}: ${String(op.access)}`)).toEqual([]);
  });

  it('uses every permission of the table somewhere', () => {
    const asked = new Set([...operations.map((op) => op.access), ...Object.keys(ASKED_BY_SERVICES)]);
    expect(PERMISSION_NAMES.filter((name) => !asked.has(name))).toEqual([]);
  });

  it('refuses each role the table does not grant with 403 before writing anything, and lets the others past the guard', async () => {
    const before = await auditRows();
    const wrong: string[] = [];
    for (const op of operations) {
      if (!isPermission(op.access)) continue;
      for (const role of roleSchema.options) {
        const { status, message } = await call(op.method, op.path, tokens[role]);
        const refused = status === 403 && message === API_MESSAGES.forbidden;
        if (can(role, op.access) === refused || status === 401 || status >= 500) wrong.push(`${role} ${op.route} (${op.access}) → ${status} ${message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('asks for a signed-in user everywhere but the public operations', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const { status } = await call(op.method, op.path, null);
      if ((op.access === 'public') === (status === 401)) wrong.push(`${op.route} (${String(op.access)}) → ${status}`);
    }
    expect(wrong).toEqual([]);
  });
});
