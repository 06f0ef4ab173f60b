import { describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@shop/contracts/http';
import type { Settings } from '@shop/contracts/settings';
import { caller, createTestApp, dbKind, signInAs } from './support/test-app';

/*
 * Credentials end (docs/decisions/0008-api-key-scopes-and-session-lifetimes.md): a session after
 * its idle time or its lifetime (Settings → General), and a user's sessions and API keys when
 * their password is changed or reset.
 */
const { app, database, clock } = await createTestApp({ loginRateLimitPerMinute: 1000 });
const call = caller(app);

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const unauthenticated = { status: 401, body: { message: API_MESSAGES.unauthenticated } };

let serial = 0;
/** A Staff account of the test's own, made by an Admin signed in just now (older tokens may have run out). */
async function addUser(role: 'Admin' | 'Manager' | 'Staff' = 'Staff') {
  serial += 1;
  const admin = await signInAs(app, 'admin@demo.shop');
  const email = `lifetime-${serial}@demo.shop`;
  const password = 'Till-drawer-42';
  const created = await call(admin, 'POST', '/api/users', { name: `Lifetime ${serial}`, email, role, password });
  expect(created.status).toBe(201);
  return { id: created.body.data.id as number, email, password, admin, token: await signInAs(app, email, password) };
}

async function makeKey(token: string, scope = 'read') {
  const created = await call(token, 'POST', '/api/profile/api-keys', { label: `Script ${Math.random().toString(36).slice(2, 8)}`, scope });
  expect(created.status).toBe(201);
  return created.body.data as { id: number; key: string; prefix: string; label: string };
}

const lastActive = async (token: string) => {
  const sessions = (await call(token, 'GET', '/api/profile/sessions')).body.data as { current: boolean; last_active_at: string }[];
  return sessions.find((session) => session.current)!.last_active_at;
};

async function saveGeneral(token: string, change: Partial<Settings['general']>) {
  const general = (await call(token, 'GET', '/api/settings')).body.data.general;
  return call(token, 'PUT', '/api/settings/general', { ...general, ...change });
}

describe(`session lifetimes (${dbKind})`, () => {
  it('a session unused for the idle time (12 hours by default) is refused; using it keeps it alive', async () => {
    const user = await addUser();
    clock.advance(12 * HOUR - MINUTE);
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);
    clock.advance(12 * HOUR - MINUTE);
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);
    clock.advance(12 * HOUR);
    expect(await call(user.token, 'GET', '/api/me')).toEqual(unauthenticated);
    // Run out for good: using it again does not bring it back.
    expect(await call(user.token, 'GET', '/api/me')).toEqual(unauthenticated);
  });

  it('records the last use at most once a minute, so a busy till does not write on every call', async () => {
    const user = await addUser();
    clock.advance(2 * MINUTE);
    const first = await lastActive(user.token);
    expect(first).toBe(clock.now().toISOString());
    clock.advance(30 * 1000);
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);
    expect(await lastActive(user.token)).toBe(first);
    clock.advance(31 * 1000);
    expect(await lastActive(user.token)).toBe(clock.now().toISOString());
  });

  it('a session ends at its lifetime (7 days by default), however busy', async () => {
    const user = await addUser();
    for (let hours = 6; hours < 7 * 24; hours += 6) {
      clock.advance(6 * HOUR);
      expect((await call(user.token, 'GET', '/api/me')).status, `after ${hours} hours`).toBe(200);
    }
    clock.advance(6 * HOUR);
    expect(await call(user.token, 'GET', '/api/me')).toEqual(unauthenticated);
  });

  it('an Admin sets both limits in Settings → General, within bounds; they apply to sessions already open', async () => {
    const user = await addUser();
    const admin = user.admin;
    for (const [change, field, message] of [
      [{ sessionIdleMinutes: 14 }, 'sessionIdleMinutes', 'Sign out after inactivity (minutes) must be a whole number from 15 to 10080.'],
      [{ sessionIdleMinutes: 10081 }, 'sessionIdleMinutes', 'Sign out after inactivity (minutes) must be a whole number from 15 to 10080.'],
      [{ sessionIdleMinutes: 30.5 }, 'sessionIdleMinutes', 'Sign out after inactivity (minutes) must be a whole number from 15 to 10080.'],
      [{ sessionLifetimeHours: 0 }, 'sessionLifetimeHours', 'Longest session (hours) must be a whole number from 1 to 2160.'],
      [{ sessionLifetimeHours: 2161 }, 'sessionLifetimeHours', 'Longest session (hours) must be a whole number from 1 to 2160.'],
      [{ sessionLifetimeHours: '24' }, 'sessionLifetimeHours', 'Longest session (hours) must be a whole number from 1 to 2160.'],
      [{ sessionIdleMinutes: 120, sessionLifetimeHours: 1 }, 'sessionIdleMinutes', 'The inactivity limit cannot be longer than the longest session.'],
    ] as const) {
      const refused = await saveGeneral(admin, change as never);
      expect(refused.status, JSON.stringify(change)).toBe(422);
      expect(refused.body.errors[field]).toEqual([message]);
    }
    expect((await call(user.token, 'GET', '/api/settings')).body.data.general).toMatchObject({ sessionIdleMinutes: 720, sessionLifetimeHours: 168 });

    const saved = await saveGeneral(admin, { sessionIdleMinutes: 30, sessionLifetimeHours: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ sessionIdleMinutes: 30, sessionLifetimeHours: 2 });
    try {
      clock.advance(29 * MINUTE);
      expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);
      clock.advance(30 * MINUTE);
      expect(await call(user.token, 'GET', '/api/me')).toEqual(unauthenticated);

      const busy = await signInAs(app, user.email, user.password);
      for (let minutes = 20; minutes < 120; minutes += 20) {
        clock.advance(20 * MINUTE);
        expect((await call(busy, 'GET', '/api/me')).status).toBe(200);
      }
      clock.advance(20 * MINUTE);
      expect(await call(busy, 'GET', '/api/me')).toEqual(unauthenticated);
    } finally {
      const restored = await saveGeneral(await signInAs(app, 'admin@demo.shop'), { sessionIdleMinutes: 720, sessionLifetimeHours: 168 });
      expect(restored.status).toBe(200);
    }
  });

  it('the Sessions list leaves out sessions that have run out', async () => {
    const user = await addUser();
    const phone = await signInAs(app, user.email, user.password);
    expect((await call(user.token, 'GET', '/api/profile/sessions')).body.data).toHaveLength(2);
    clock.advance(11 * HOUR);
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);
    clock.advance(2 * HOUR);
    const listed = await call(user.token, 'GET', '/api/profile/sessions');
    expect(listed.body.data).toEqual([expect.objectContaining({ current: true })]);
    expect((await call(phone, 'GET', '/api/me')).status).toBe(401);
  });
});

describe(`credentials end with the password (${dbKind})`, () => {
  it('an Admin’s reset ends the user’s sessions and API keys, and the audit log says so', async () => {
    const user = await addUser('Manager');
    const { key, prefix, label } = await makeKey(user.token, 'full');
    const otherKey = await makeKey(user.token, 'sales');
    expect((await call(key, 'GET', '/api/me')).status).toBe(200);

    const reset = await call(user.admin, 'PUT', `/api/users/${user.id}/password`, { password: 'Set-by-admin-5' });
    expect(reset.status).toBe(200);
    expect(await call(key, 'GET', '/api/me')).toEqual(unauthenticated);
    expect(await call(otherKey.key, 'GET', '/api/me')).toEqual(unauthenticated);
    expect(await call(user.token, 'GET', '/api/me')).toEqual(unauthenticated);
    // The admin's own session is not the user's: it goes on.
    expect((await call(user.admin, 'GET', '/api/me')).status).toBe(200);

    const entry = await database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'credentials.revoke')
      .where('entity_id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    const adminId = (await call(user.admin, 'GET', '/api/me')).body.data.id;
    expect(entry.user_id).toBe(adminId);
    expect(JSON.parse(entry.after!)).toEqual({
      reason: 'password.set',
      sessions_signed_out: 1,
      api_keys_revoked: [{ label, prefix }, { label: otherKey.label, prefix: otherKey.prefix }],
    });
  });

  it('one’s own password change revokes one’s API keys and other sessions, keeping this one', async () => {
    const user = await addUser();
    const other = await signInAs(app, user.email, user.password);
    const first = await makeKey(user.token);
    const second = await makeKey(user.token, 'sales');

    const changed = await call(user.token, 'PUT', '/api/profile/password', {
      current_password: user.password, new_password: 'Fresh-beans-77', new_password_confirmation: 'Fresh-beans-77',
    });
    expect(changed).toEqual({ status: 200, body: { message: 'Password updated' } });
    expect(await call(first.key, 'GET', '/api/me')).toEqual(unauthenticated);
    expect(await call(second.key, 'GET', '/api/me')).toEqual(unauthenticated);
    expect(await call(other, 'GET', '/api/me')).toEqual(unauthenticated);
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);
    expect((await call(user.token, 'GET', '/api/profile/api-keys')).body.data).toEqual([]);

    const entry = await database.db
      .selectFrom('audit_log')
      .select(['user_id', 'after'])
      .where('action', '=', 'credentials.revoke')
      .where('entity_id', '=', String(user.id))
      .executeTakeFirstOrThrow();
    expect(entry.user_id).toBe(user.id);
    expect(JSON.parse(entry.after!)).toMatchObject({ reason: 'password.change', sessions_signed_out: 1, api_keys_revoked: [{ prefix: first.prefix }, { prefix: second.prefix }] });
    const activity = (await call(user.token, 'GET', '/api/profile/activity')).body.data as { type: string; detail: string }[];
    expect(activity.map((entry) => entry.type)).toContain('credentials.revoke');
  });

  it('keeps the API keys when asked to (keep_api_keys), still ending the other sessions', async () => {
    const user = await addUser();
    const other = await signInAs(app, user.email, user.password);
    const kept = await makeKey(user.token, 'catalogue');

    const notABoolean = await call(user.token, 'PUT', '/api/profile/password', {
      current_password: user.password, new_password: 'Fresh-beans-77', new_password_confirmation: 'Fresh-beans-77', keep_api_keys: 'yes',
    });
    expect(notABoolean.status).toBe(422);
    expect(notABoolean.body.errors.keep_api_keys).toEqual(['Say whether your API keys should keep working (true or false).']);
    expect((await call(kept.key, 'GET', '/api/me')).status).toBe(200);

    const changed = await call(user.token, 'PUT', '/api/profile/password', {
      current_password: user.password, new_password: 'Fresh-beans-77', new_password_confirmation: 'Fresh-beans-77', keep_api_keys: true,
    });
    expect(changed.status).toBe(200);
    expect((await call(kept.key, 'GET', '/api/me')).status).toBe(200);
    expect(await call(other, 'GET', '/api/me')).toEqual(unauthenticated);
    expect((await call(user.token, 'GET', '/api/profile/api-keys')).body.data).toEqual([expect.objectContaining({ id: kept.id, scope: 'catalogue' })]);
  });
});
