import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@shop/contracts/http';
import type { Role } from '@shop/contracts/common';
import { bearer, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * Who may call what (docs/decisions/0006-permissions.md), endpoint by endpoint, written out by hand
 * as a check on the permission table. The table must name every write
 * endpoint the server publishes, so a new endpoint without a decision here fails this test.
 */
const { app, database } = await createTestApp({ loginRateLimitPerMinute: 100_000 });
const tokens = await demoTokens(app);

const ALL: Role[] = ['Admin', 'Manager', 'Staff'];
const MANAGERS: Role[] = ['Admin', 'Manager'];
const ADMIN: Role[] = ['Admin'];
/** Anyone may call it, signed in or not. */
const PUBLIC = 'public';
/** Any signed-in user, about their own account only; calling it would change the caller's session, so only its 401 is checked. */
const SELF = 'self';

type Rule = Role[] | typeof PUBLIC | typeof SELF;

const WRITES: Record<string, Rule> = {
  'POST /api/login': PUBLIC,
  'POST /api/signup': PUBLIC,
  'POST /api/logout': SELF,

  'POST /api/users': ADMIN,
  'PUT /api/users/{id}': ADMIN,
  'POST /api/users/{id}/approve': ADMIN,
  'POST /api/users/{id}/reject': ADMIN,
  'POST /api/users/{id}/deactivate': ADMIN,
  'POST /api/users/{id}/reactivate': ADMIN,
  'POST /api/users/{id}/reset-2fa': ADMIN,
  'PUT /api/users/{id}/password': ADMIN,

  'POST /api/categories': MANAGERS,
  'PUT /api/categories/{id}': MANAGERS,
  'DELETE /api/categories/{id}': MANAGERS,
  'POST /api/modifier-groups': MANAGERS,
  'PUT /api/modifier-groups/{id}': MANAGERS,
  'DELETE /api/modifier-groups/{id}': MANAGERS,
  'POST /api/units': MANAGERS,
  'PUT /api/units/{id}': MANAGERS,
  'DELETE /api/units/{id}': MANAGERS,
  'POST /api/products': MANAGERS,
  'PUT /api/products/{id}': MANAGERS,
  'DELETE /api/products/{id}': MANAGERS,
  'POST /api/promotions': MANAGERS,
  'PUT /api/promotions/{id}': MANAGERS,
  'DELETE /api/promotions/{id}': MANAGERS,
  // Staff add customers at the till; changing or removing them is a manager's.
  'POST /api/customers': ALL,
  'PUT /api/customers/{id}': MANAGERS,
  'DELETE /api/customers/{id}': MANAGERS,

  'POST /api/suppliers': MANAGERS,
  'PUT /api/suppliers/{id}': MANAGERS,
  'DELETE /api/suppliers/{id}': MANAGERS,
  'POST /api/supplies': MANAGERS,
  'POST /api/supply-items': MANAGERS,
  'PUT /api/supply-items/{id}': MANAGERS,
  'DELETE /api/supply-items/{id}': MANAGERS,
  'POST /api/stocks': MANAGERS,
  'POST /api/stock-adjustments': MANAGERS,

  'PUT /api/settings/general': ADMIN,
  'PUT /api/settings/localization': ADMIN,
  'PUT /api/settings/taxes': ADMIN,
  'PUT /api/settings/service': ADMIN,
  'PUT /api/settings/payments': ADMIN,
  'PUT /api/settings/khqr': ADMIN,
  'PUT /api/settings/printers': ADMIN,
  'PUT /api/settings/receipts': ADMIN,
  'PUT /api/settings/hours': ADMIN,
  'PUT /api/settings/shifts': ADMIN,
  'PUT /api/settings/discounts': ADMIN,
  'PUT /api/settings/kitchen': ADMIN,
  'POST /api/tills': ADMIN,
  'PUT /api/tills/{id}': ADMIN,

  'POST /api/sales': ALL,
  'POST /api/open-orders': ALL,
  'POST /api/open-orders/{id}/lines': ALL,
  'POST /api/open-orders/{id}/pay': ALL,
  'POST /api/open-orders/{id}/void': ALL,
  'POST /api/kitchen/tickets/{id}/done': ALL,
  'POST /api/kitchen/tickets/{id}/recall': ALL,
  'POST /api/print-jobs': ALL,
  'POST /api/print-jobs/{id}/retry': ALL,
  'POST /api/printers/{id}/test': ADMIN,
  'POST /api/sales/{id}/print': ALL,
  'POST /api/labels/print': ALL,
  // Whoever sells; without `sales:refund` the refund itself asks for a Manager's approval (approvals.test.ts).
  'POST /api/sales/{id}/refunds': ALL,
  'POST /api/sales/{id}/payments': ALL,
  'POST /api/approvals': ALL,
  'POST /api/khqr': ALL,
  // Whoever sells runs their till's shift; what is not theirs (another's shift, a count off past the limit) the service refuses (shifts.test.ts).
  'POST /api/shifts': ALL,
  'POST /api/shifts/{id}/movements': ALL,
  'POST /api/shifts/{id}/close': ALL,

  'PUT /api/profile': SELF,
  'DELETE /api/profile': SELF,
  'PUT /api/profile/email': SELF,
  'PUT /api/profile/password': SELF,
  'POST /api/profile/twofa/toggle': SELF,
  'PUT /api/profile/pin': SELF,
  'PUT /api/profile/notifications': SELF,
  'DELETE /api/profile/sessions/{id}': SELF,
  'POST /api/profile/sessions/revoke-others': SELF,
  'POST /api/profile/api-keys': SELF,
  'DELETE /api/profile/api-keys/{id}': SELF,
  'POST /api/profile/deactivate': SELF,
  'PUT /api/notifications/{id}': SELF,
  'DELETE /api/notifications/{id}': SELF,
  'POST /api/notifications/read-all': SELF,
};

/** Reads that are not everyone's. */
const GUARDED_READS: Record<string, Role[]> = {
  'GET /api/users': ADMIN,
  'GET /api/stock-report': MANAGERS,
  'GET /api/stock-report/export': MANAGERS,
  'GET /api/sales/export': MANAGERS,
  'GET /api/sales/offline-review': MANAGERS,
  'GET /api/supplies/export': MANAGERS,
  'GET /api/dashboard': MANAGERS,
  'GET /api/journal/verify': ADMIN,
};

const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
const published = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.keys(ops)
    .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
    .map((method) => `${method.toUpperCase()} ${path}`),
);

const auditRows = async () => Number((await sql<{ n: number }>`select count(*) as n from audit_log`.execute(database.db)).rows[0]!.n);

/** The call with an id no record has and an empty body: past the guard it can only be a 404 or a 422. */
async function callAs(route: string, token: string | null) {
  const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const response = await app.inject({
    method,
    url: path.replace('{id}', '987654'),
    headers: { ...(token ? bearer(token) : {}), 'idempotency-key': `matrix-${route}-${Math.random()}` },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
  });
  const json = response.headers['content-type']?.toString().startsWith('application/json');
  return { status: response.statusCode, message: json ? response.json<{ message?: string }>().message : undefined };
}

describe(`roles × endpoints (${dbKind})`, () => {
  it('has a decision for every write endpoint the server publishes', () => {
    expect(published.filter((route) => !(route in WRITES)), 'endpoints missing from the matrix').toEqual([]);
    expect(Object.keys(WRITES).filter((route) => !published.includes(route)), 'matrix rows for endpoints that do not exist').toEqual([]);
  });

  it('answers 403 to every role an endpoint is not for, before anything is written, and lets the others through', async () => {
    const before = await auditRows();
    const refused: string[] = [];
    const wronglyRefused: string[] = [];
    for (const [route, rule] of [...Object.entries(WRITES), ...Object.entries(GUARDED_READS)]) {
      if (!Array.isArray(rule)) continue;
      for (const role of ALL) {
        const { status, message } = await callAs(route, tokens[role]);
        if (rule.includes(role)) {
          if (status === 401 || status === 403) wronglyRefused.push(`${role} ${route} → ${status}`);
          expect(status, `${role} ${route}`).toBeLessThan(500);
        } else {
          if (status !== 403 || message !== API_MESSAGES.forbidden) refused.push(`${role} ${route} → ${status} ${message}`);
        }
      }
    }
    expect(refused, 'calls that should have been 403 Forbidden').toEqual([]);
    expect(wronglyRefused, 'calls refused to a role that may make them').toEqual([]);
    expect(await auditRows()).toBe(before);
  });

  it('asks every non-public endpoint for a token first, and lets anyone reach the public ones', async () => {
    for (const [route, rule] of [...Object.entries(WRITES), ...Object.entries(GUARDED_READS)]) {
      const { status } = await callAs(route, null);
      if (rule === PUBLIC) expect(status, route).not.toBe(401);
      else expect(status, route).toBe(401);
    }
  });
});
