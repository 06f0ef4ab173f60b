import { describe, expect, it } from 'vitest';
import { timeStep, totpCode } from '../src/lib/totp';
import { caller, createTestApp, dbKind, demoTokens, signInAs } from './support/test-app';

// Many sign-ins from one test address: the per-minute limit is the sign-in tests' subject, not this file's.
const { app, database, clock } = await createTestApp({ loginRateLimitPerMinute: 1000 });
const tokens = await demoTokens(app);
const call = caller(app);

async function login(email: string, password: string, code?: string) {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password, ...(code ? { code } : {}) } });
  return { status: response.statusCode, body: response.json() };
}

async function addUser(name: string, email: string, role: 'Admin' | 'Manager' | 'Staff', password = 'Till-drawer-42') {
  const created = await call(tokens.Admin, 'POST', '/api/users', { name, email, role, password });
  expect(created.status).toBe(201);
  return { id: created.body.data.id as number, token: await signInAs(app, email, password), password };
}

describe(`profile: details, e-mail and password (${dbKind})`, () => {
  it('reads and saves the Overview fields; a non-Admin cannot change their role', async () => {
    const me = await call(tokens.Manager, 'GET', '/api/profile');
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'manager@demo.shop', role: 'Manager', status: 'Active', two_fa_enabled: false, backup_codes_left: 0 });
    expect(me.body.data.notify.topics).toEqual({ orders: true, lowStock: true, promotions: true, reports: true });

    const saved = await call(tokens.Manager, 'PUT', '/api/profile', { name: '  Manager Demo ', phone: '+855 12 000 111', avatar: '', bio: 'Morning shift' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Profile updated', data: { name: 'Manager Demo', phone: '+855 12 000 111', avatar: null, bio: 'Morning shift' } });

    const promote = await call(tokens.Manager, 'PUT', '/api/profile', { name: 'Manager Demo', role: 'Admin' });
    expect(promote.status).toBe(403);
    expect((await call(tokens.Manager, 'GET', '/api/me')).body.data.role).toBe('Manager');

    const badAvatar = await call(tokens.Manager, 'PUT', '/api/profile', { name: '', avatar: 'ftp://x' });
    expect(badAvatar.status).toBe(422);
    expect(Object.keys(badAvatar.body.errors).sort()).toEqual(['avatar', 'name']);
  });

  it('changes the e-mail: format checked, taken refused, then sign-in uses the new one', async () => {
    const user = await addUser('Email Changer', 'changer@demo.shop', 'Staff');
    expect((await call(user.token, 'PUT', '/api/profile/email', { email: 'not-an-email' })).status).toBe(422);
    const taken = await call(user.token, 'PUT', '/api/profile/email', { email: 'ADMIN@demo.shop' });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.email).toEqual(['An account with this email already exists.']);
    const changed = await call(user.token, 'PUT', '/api/profile/email', { email: ' New.Address@Demo.Shop ' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ message: 'Email updated', data: { email: 'new.address@demo.shop' } });
    expect((await login('new.address@demo.shop', user.password)).status).toBe(200);
    expect((await login('changer@demo.shop', user.password)).status).toBe(401);
  });

  it('changes the password: current checked, confirmation must match, length and common passwords refused, other sessions end', async () => {
    const user = await addUser('Password Changer', 'pw@demo.shop', 'Staff');
    const otherDevice = await signInAs(app, 'pw@demo.shop', user.password);

    const wrongCurrent = await call(user.token, 'PUT', '/api/profile/password', {
      current_password: 'nope', new_password: 'Fresh-beans-77', new_password_confirmation: 'Fresh-beans-77',
    });
    expect(wrongCurrent.status).toBe(422);
    expect(wrongCurrent.body.errors.current_password).toEqual(['Your current password is not right.']);

    for (const [next, confirmation] of [['Fresh-beans-77', 'Fresh-beans-78'], ['', '']]) {
      const mismatch = await call(user.token, 'PUT', '/api/profile/password', { current_password: user.password, new_password: next, new_password_confirmation: confirmation });
      expect(mismatch.status).toBe(422);
      expect(mismatch.body.message).toBe('New password and confirmation must match');
    }
    for (const [weak, message] of [['short1', 'Use at least 8 characters.'], ['Password123', 'This password is too common. Choose one that is harder to guess.'], ['x'.repeat(129), 'Use at most 128 characters.']]) {
      const refused = await call(user.token, 'PUT', '/api/profile/password', { current_password: user.password, new_password: weak, new_password_confirmation: weak });
      expect(refused.status, weak).toBe(422);
      expect(refused.body.message).toBe(message);
    }
    expect((await login('pw@demo.shop', user.password)).status).toBe(200);

    const changed = await call(user.token, 'PUT', '/api/profile/password', {
      current_password: user.password, new_password: 'Fresh-beans-77', new_password_confirmation: 'Fresh-beans-77',
    });
    expect(changed).toEqual({ status: 200, body: { message: 'Password updated' } });
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);
    expect((await call(otherDevice, 'GET', '/api/me')).status).toBe(401);
    expect((await login('pw@demo.shop', user.password)).status).toBe(401);
    expect((await login('pw@demo.shop', 'Fresh-beans-77')).status).toBe(200);
  });

  it('stores notification preferences per user', async () => {
    const preferences = { email: false, sms: true, push: false, topics: { orders: false, lowStock: true, promotions: false, reports: true } };
    const saved = await call(tokens.Staff, 'PUT', '/api/profile/notifications', preferences);
    expect(saved.body).toEqual({ data: preferences, message: 'Notification settings saved' });
    expect((await call(tokens.Staff, 'GET', '/api/profile')).body.data.notify).toEqual(preferences);
    expect((await call(tokens.Manager, 'GET', '/api/profile')).body.data.notify.sms).toBe(false);
    expect((await call(tokens.Staff, 'PUT', '/api/profile/notifications', { email: 'yes' })).status).toBe(422);
  });

  it('lists the user’s own activity from the audit log, 8 a page', async () => {
    const user = await addUser('Busy Manager', 'busy@demo.shop', 'Manager');
    for (let i = 1; i <= 9; i += 1) {
      expect((await call(user.token, 'POST', '/api/units', { name: `Tray ${i}`, symbol: `t${i}` })).status).toBe(201);
    }
    const first = await call(user.token, 'GET', '/api/profile/activity');
    expect(first.body.meta).toMatchObject({ total: 10, per_page: 8, current_page: 1, last_page: 2 });
    expect(first.body.data[0]).toMatchObject({ type: 'create', entity: 'unit', subject: 'Tray 9', detail: 'Created unit “Tray 9”' });
    const second = await call(user.token, 'GET', '/api/profile/activity?page=2');
    expect(second.body.data.map((a: { type: string }) => a.type)).toEqual(['create', 'login']);
    // Nobody else's entries.
    expect((await call(tokens.Staff, 'GET', '/api/profile/activity')).body.data.every((a: { subject: string | null }) => !a.subject?.startsWith('Tray'))).toBe(true);
  });
});

describe(`two-step sign-in (${dbKind})`, () => {
  it('turns on with a secret and ten backup codes; sign-in then needs a code; each code works once; off needs a code', async () => {
    const user = await addUser('Careful Cashier', 'careful@demo.shop', 'Staff');
    const on = await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: '2FA enabled', enabled: true });
    expect(on.body.backupCodes).toHaveLength(10);
    expect(new Set(on.body.backupCodes).size).toBe(10);
    expect(on.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(on.body.otpauth_url).toMatch(/^otpauth:\/\/totp\/.*careful%40demo\.shop\?secret=/);
    expect((await call(user.token, 'GET', '/api/profile')).body.data).toMatchObject({ two_fa_enabled: true, backup_codes_left: 10 });
    expect((await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: true })).status).toBe(409);

    const withoutCode = await login('careful@demo.shop', user.password);
    expect(withoutCode.status).toBe(200);
    expect(withoutCode.body).toEqual({ two_factor_required: true, message: expect.stringContaining('6-digit code') });
    expect(withoutCode.body).not.toHaveProperty('access_token');

    const wrong = await login('careful@demo.shop', user.password, '000000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toMatch(/not valid/);

    const code = totpCode(on.body.secret, timeStep(clock.now()));
    const right = await login('careful@demo.shop', user.password, code);
    expect(right.status).toBe(200);
    expect(right.body.user).toMatchObject({ email: 'careful@demo.shop', two_fa_enabled: true });
    // The same code cannot open a second session.
    expect((await login('careful@demo.shop', user.password, code)).status).toBe(401);
    // Nor does a code without the password.
    clock.advance(30_000);
    expect((await login('careful@demo.shop', 'wrong-password', totpCode(on.body.secret, timeStep(clock.now())))).status).toBe(401);

    const backup = on.body.backupCodes[3] as string;
    expect((await login('careful@demo.shop', user.password, backup.toUpperCase())).status).toBe(200);
    expect((await login('careful@demo.shop', user.password, backup)).status).toBe(401);
    expect((await call(user.token, 'GET', '/api/profile')).body.data.backup_codes_left).toBe(9);

    const offWithoutCode = await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: false });
    expect(offWithoutCode.status).toBe(422);
    clock.advance(30_000);
    const off = await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: false, code: totpCode(on.body.secret, timeStep(clock.now())) });
    expect(off.body).toEqual({ message: '2FA disabled', enabled: false });
    const plain = await login('careful@demo.shop', user.password);
    expect(plain.body.access_token).toBeTruthy();
  });

  it('an Admin can turn it off for someone who lost their phone', async () => {
    const user = await addUser('Lost Phone', 'lost@demo.shop', 'Staff');
    await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: true });
    expect((await call(tokens.Manager, 'POST', `/api/users/${user.id}/reset-2fa`)).status).toBe(403);
    const reset = await call(tokens.Admin, 'POST', `/api/users/${user.id}/reset-2fa`);
    expect(reset.body).toMatchObject({ data: { two_fa_enabled: false } });
    expect((await login('lost@demo.shop', user.password)).body.access_token).toBeTruthy();
  });
});

describe(`sessions and API keys (${dbKind})`, () => {
  it('lists the user’s sessions, signs out one, then all but this one', async () => {
    const user = await addUser('Many Devices', 'devices@demo.shop', 'Staff');
    const phone = await signInAs(app, 'devices@demo.shop', user.password);
    const tablet = await signInAs(app, 'devices@demo.shop', user.password);
    const listed = await call(user.token, 'GET', '/api/profile/sessions');
    expect(listed.body.data).toHaveLength(3);
    expect(listed.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phoneSession = listed.body.data.find((s: { current: boolean }) => !s.current).id as number;

    // Someone else's session is not found.
    expect((await call(tokens.Staff, 'DELETE', `/api/profile/sessions/${phoneSession}`)).status).toBe(404);
    expect((await call(user.token, 'DELETE', `/api/profile/sessions/${phoneSession}`)).body).toEqual({ message: 'Session signed out' });
    expect((await call(user.token, 'GET', '/api/profile/sessions')).body.data).toHaveLength(2);

    const others = await call(user.token, 'POST', '/api/profile/sessions/revoke-others');
    expect(others.body.message).toBe('Signed out of every other session');
    expect((await call(phone, 'GET', '/api/me')).status + (await call(tablet, 'GET', '/api/me')).status).toBe(802);
    expect((await call(user.token, 'GET', '/api/profile/sessions')).body.data).toHaveLength(1);
  });

  it('creates a key shown once, which then works as a Bearer token with the owner’s role until revoked', async () => {
    const user = await addUser('Script Owner', 'script@demo.shop', 'Manager');
    expect((await call(user.token, 'POST', '/api/profile/api-keys', { label: '   ' })).status).toBe(422);
    const created = await call(user.token, 'POST', '/api/profile/api-keys', { label: 'Stock sync', scope: 'catalogue' });
    expect(created.status).toBe(201);
    expect(created.body.data.scope).toBe('catalogue');
    const key = created.body.data.key as string;
    expect(key).toMatch(/^shk_[a-z0-9]{8}_/);
    expect(created.body.data.masked.startsWith(created.body.data.prefix)).toBe(true);

    const listed = await call(user.token, 'GET', '/api/profile/api-keys');
    expect(listed.body.data).toEqual([expect.objectContaining({ label: 'Stock sync', prefix: created.body.data.prefix, scope: 'catalogue', last_used_at: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const stored = await database.db.selectFrom('api_keys').select('key_hash').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).not.toContain(key.slice(13));

    expect((await call(key, 'GET', '/api/me')).body.data.email).toBe('script@demo.shop');
    expect((await call(key, 'POST', '/api/units', { name: 'By key', symbol: 'bk' })).status).toBe(201);
    expect((await call(key, 'GET', '/api/users')).status).toBe(403);
    // A key cannot change the account's security or sign itself out.
    expect((await call(key, 'PUT', '/api/profile/password', { current_password: user.password, new_password: 'Other-pass-99', new_password_confirmation: 'Other-pass-99' })).status).toBe(403);
    expect((await call(key, 'POST', '/api/profile/api-keys', { label: 'More' })).status).toBe(403);
    expect((await call(key, 'POST', '/api/logout')).status).toBe(403);
    expect((await call(user.token, 'GET', '/api/profile/api-keys')).body.data[0].last_used_at).not.toBeNull();

    expect((await call(tokens.Manager, 'DELETE', `/api/profile/api-keys/${created.body.data.id}`)).status).toBe(404);
    expect((await call(user.token, 'DELETE', `/api/profile/api-keys/${created.body.data.id}`)).body).toEqual({ message: 'API key revoked' });
    expect((await call(key, 'GET', '/api/me')).status).toBe(401);
    expect((await call(user.token, 'GET', '/api/profile/api-keys')).body.data).toEqual([]);
  });
});

describe(`staff accounts (${dbKind})`, () => {
  const userEndpoints = (id: number) =>
    [
      ['GET', '/api/users'],
      ['POST', '/api/users', { name: 'X', email: 'x@demo.shop', role: 'Staff', password: 'Long-enough-1' }],
      ['PUT', `/api/users/${id}`, { name: 'X', email: 'x@demo.shop', role: 'Staff' }],
      ['POST', `/api/users/${id}/approve`],
      ['POST', `/api/users/${id}/reject`],
      ['POST', `/api/users/${id}/deactivate`],
      ['POST', `/api/users/${id}/reactivate`],
      ['POST', `/api/users/${id}/reset-2fa`],
      ['PUT', `/api/users/${id}/password`, { password: 'Long-enough-1' }],
    ] as const;

  it('refuses every Users endpoint to Staff and Managers', async () => {
    const staffId = (await call(tokens.Admin, 'GET', '/api/users?q=staff@demo.shop')).body.data[0].id as number;
    for (const role of ['Staff', 'Manager'] as const) {
      for (const [method, url, body] of userEndpoints(staffId)) {
        const response = await call(tokens[role], method, url, body);
        expect(response.status, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await call(tokens.Admin, 'GET', '/api/users?q=staff@demo.shop')).body.data[0]).toMatchObject({ status: 'Active', role: 'Staff' });
  });

  it('adds, changes, deactivates, reactivates and sets a new password for an account', async () => {
    const duplicate = await call(tokens.Admin, 'POST', '/api/users', { name: 'Dup', email: 'Manager@Demo.Shop', role: 'Staff', password: 'Long-enough-1' });
    expect(duplicate.status).toBe(409);
    const weak = await call(tokens.Admin, 'POST', '/api/users', { name: 'Weak', email: 'weak@demo.shop', role: 'Staff', password: 'password' });
    expect(weak.body.errors.password).toEqual(['This password is too common. Choose one that is harder to guess.']);

    const user = await addUser('New Barista', 'barista@demo.shop', 'Staff');
    const promoted = await call(tokens.Admin, 'PUT', `/api/users/${user.id}`, { name: 'Head Barista', email: 'barista@demo.shop', role: 'Manager' });
    expect(promoted.body).toMatchObject({ message: 'User updated', data: { name: 'Head Barista', role: 'Manager' } });
    expect((await call(user.token, 'GET', '/api/me')).body.data.role).toBe('Manager');

    const off = await call(tokens.Admin, 'POST', `/api/users/${user.id}/deactivate`);
    expect(off.body).toMatchObject({ message: 'Account deactivated', data: { status: 'Deactivated' } });
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(401);
    expect((await login('barista@demo.shop', user.password)).status).toBe(403);
    expect((await call(tokens.Admin, 'GET', '/api/users?status=Deactivated')).body.data.map((u: { email: string }) => u.email)).toContain('barista@demo.shop');

    expect((await call(tokens.Admin, 'POST', `/api/users/${user.id}/reactivate`)).body.data.status).toBe('Active');
    const forgot = await call(tokens.Admin, 'PUT', `/api/users/${user.id}/password`, { password: 'Set-by-admin-5' });
    expect(forgot.body.message).toMatch(/^Password set/);
    expect((await login('barista@demo.shop', user.password)).status).toBe(401);
    expect((await login('barista@demo.shop', 'Set-by-admin-5')).status).toBe(200);
    expect((await call(tokens.Admin, 'POST', '/api/users/99999/deactivate')).status).toBe(404);
  });

  it('never leaves the shop without an active Admin', async () => {
    const adminId = (await call(tokens.Admin, 'GET', '/api/me')).body.data.id as number;
    const demote = await call(tokens.Admin, 'PUT', `/api/users/${adminId}`, { name: 'Admin Demo', email: 'admin@demo.shop', role: 'Manager' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe('The shop needs at least one active Admin. Make someone else an Admin first.');
    expect((await call(tokens.Admin, 'POST', `/api/users/${adminId}/deactivate`)).status).toBe(409);
    expect((await call(tokens.Admin, 'PUT', '/api/profile', { name: 'Admin Demo', role: 'Staff' })).status).toBe(409);
    expect((await call(tokens.Admin, 'POST', '/api/profile/deactivate')).status).toBe(409);
    expect((await call(tokens.Admin, 'DELETE', '/api/profile', { password: 'demo1234' })).status).toBe(409);
    expect((await call(tokens.Admin, 'GET', '/api/me')).body.data).toMatchObject({ role: 'Admin', status: 'Active' });

    // With a second Admin, the first may step down.
    const second = await addUser('Second Admin', 'second.admin@demo.shop', 'Admin');
    const stepDown = await call(second.token, 'PUT', '/api/profile', { name: 'Second Admin', role: 'Manager' });
    expect(stepDown.body.data.role).toBe('Manager');
  });

  it('a sign-up waits as a pending Staff account until an Admin approves it, and the Admins are told', async () => {
    const signUp = await app.inject({ method: 'POST', url: '/api/signup', payload: { name: 'Walk In', email: 'walkin@demo.shop', password: 'Bright-morning-8' } });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json().message).toBe('Signed up! An administrator will approve your account before you can sign in.');
    // Asking again with the same e-mail is answered the same way and makes no second account.
    const again = await app.inject({ method: 'POST', url: '/api/signup', payload: { name: 'Walk In', email: 'WALKIN@demo.shop', password: 'Bright-morning-8' } });
    expect(again.statusCode).toBe(201);
    const bad = await app.inject({ method: 'POST', url: '/api/signup', payload: { name: '', email: 'x', password: '123' } });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'name', 'password']);

    const waiting = await login('walkin@demo.shop', 'Bright-morning-8');
    expect(waiting).toEqual({ status: 403, body: { message: 'Your account is waiting for an administrator to approve it.' } });

    const notices = await call(tokens.Admin, 'GET', '/api/notifications?unread=1');
    expect(notices.body.data.find((n: { kind: string }) => n.kind === 'signup')).toMatchObject({ kind: 'signup', params: { name: 'Walk In', email: 'walkin@demo.shop' }, link: '/users?status=Pending', read: false });
    expect((await call(tokens.Manager, 'GET', '/api/notifications')).body.data.some((n: { kind: string }) => n.kind === 'signup')).toBe(false);

    const pending = await call(tokens.Admin, 'GET', '/api/users?status=Pending');
    expect(pending.body.data).toEqual([expect.objectContaining({ email: 'walkin@demo.shop', role: 'Staff', status: 'Pending' })]);
    const approved = await call(tokens.Admin, 'POST', `/api/users/${pending.body.data[0].id}/approve`);
    expect(approved.body).toMatchObject({ message: 'Account approved', data: { status: 'Active' } });
    expect((await login('walkin@demo.shop', 'Bright-morning-8')).status).toBe(200);
    expect((await call(tokens.Admin, 'POST', `/api/users/${pending.body.data[0].id}/approve`)).status).toBe(409);

    await app.inject({ method: 'POST', url: '/api/signup', payload: { name: 'Spam Bot', email: 'spam@demo.shop', password: 'Bright-morning-8' } });
    const spam = (await call(tokens.Admin, 'GET', '/api/users?status=Pending')).body.data[0];
    expect((await call(tokens.Admin, 'POST', `/api/users/${spam.id}/reject`)).body.message).toBe('Sign-up rejected');
    expect((await login('spam@demo.shop', 'Bright-morning-8')).status).toBe(401);
  });

  it('deactivating oneself signs out everywhere; deleting oneself empties the account', async () => {
    const leaving = await addUser('Leaving Soon', 'leaving@demo.shop', 'Staff');
    const second = await signInAs(app, 'leaving@demo.shop', leaving.password);
    expect((await call(leaving.token, 'POST', '/api/profile/deactivate')).body.message).toMatch(/deactivated/);
    expect((await call(second, 'GET', '/api/me')).status).toBe(401);
    expect((await login('leaving@demo.shop', leaving.password)).status).toBe(403);

    const gone = await addUser('Gone Soon', 'gone@demo.shop', 'Staff');
    await call(gone.token, 'POST', '/api/profile/api-keys', { label: 'old' });
    expect((await call(gone.token, 'DELETE', '/api/profile', { password: 'wrong' })).status).toBe(422);
    expect((await call(gone.token, 'DELETE', '/api/profile', { password: gone.password })).body.message).toBe('Your account was deleted.');
    expect((await login('gone@demo.shop', gone.password)).status).toBe(401);
    const row = await database.db.selectFrom('users').selectAll().where('id', '=', gone.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Deleted user', phone: null, totp_secret: null });
    expect(row.deleted_at).not.toBeNull();
    expect((await call(tokens.Admin, 'GET', '/api/users?q=gone')).body.data).toEqual([]);
    // The address is free for a new account.
    expect((await call(tokens.Admin, 'POST', '/api/users', { name: 'Back Again', email: 'gone@demo.shop', role: 'Staff', password: 'Long-enough-1' })).status).toBe(201);
  });
});

describe(`guessing secrets, one at a time or all at once (${dbKind})`, () => {
  const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode);
  const count = (list: number[], status: number) => list.filter((s) => s === status).length;

  it('checks at most five of thirty parallel sign-in guesses for one account, even with the right password among them', async () => {
    const user = await addUser('Burst Target', 'burst@demo.shop', 'Staff');
    const guesses = Array.from({ length: 30 }, (_, n) => (n === 17 ? user.password : `wrong-guess-${n}`));
    const answers = statuses(await Promise.all(guesses.map((password) => app.inject({ method: 'POST', url: '/api/login', payload: { email: 'burst@demo.shop', password } }))));
    // Only the attempts that got a place were checked (401 wrong, or 200 if the right one was among them).
    expect(count(answers, 401) + count(answers, 200)).toBeLessThanOrEqual(5);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(25);
    if (count(answers, 200) === 0) expect((await login('burst@demo.shop', user.password)).status).toBe(429);
    clock.advance(16 * 60 * 1000);
    expect((await login('burst@demo.shop', user.password)).status).toBe(200);
  });

  it('checks at most five of thirty parallel two-step codes at sign-in', async () => {
    const user = await addUser('Code Target', 'codes@demo.shop', 'Staff');
    const on = await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: true });
    const codes = Array.from({ length: 30 }, (_, n) => String(100000 + n * 7919).slice(0, 6));
    const answers = statuses(await Promise.all(codes.map((code) => app.inject({ method: 'POST', url: '/api/login', payload: { email: 'codes@demo.shop', password: user.password, code } }))));
    expect(count(answers, 401)).toBeLessThanOrEqual(5);
    expect(count(answers, 429)).toBeGreaterThanOrEqual(25);
    // The right code is refused too until the window has passed.
    expect((await login('codes@demo.shop', user.password, totpCode(on.body.secret, timeStep(clock.now())))).status).toBe(429);
    clock.advance(16 * 60 * 1000);
    expect((await login('codes@demo.shop', user.password, totpCode(on.body.secret, timeStep(clock.now())))).status).toBe(200);
  });

  it('throttles the code that turns two-step sign-in off, as sign-in is', async () => {
    const user = await addUser('Stolen Session', 'stolen@demo.shop', 'Staff');
    const on = await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: true });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: false, code: String(200000 + n) })),
    );
    expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(25);
    expect(refused[0]!.body).toMatchObject({ message: 'Too many wrong attempts. Try again in 15 minutes.', retry_after: 900 });
    const right = await call(user.token, 'POST', '/api/profile/twofa/toggle', { enabled: false, code: totpCode(on.body.secret, timeStep(clock.now())) });
    expect(right.status).toBe(429);
    expect((await call(user.token, 'GET', '/api/profile')).body.data.two_fa_enabled).toBe(true);
    clock.advance(16 * 60 * 1000);
  });

  it('throttles the current password on a password change and on deleting the account', async () => {
    const user = await addUser('Shared Till', 'shared@demo.shop', 'Staff');
    for (let n = 0; n < 5; n += 1) {
      const wrong = await call(user.token, 'PUT', '/api/profile/password', { current_password: `guess-${n}-x`, new_password: 'Quiet-harbour-61', new_password_confirmation: 'Quiet-harbour-61' });
      expect(wrong.status).toBe(422);
    }
    const sixth = await call(user.token, 'PUT', '/api/profile/password', { current_password: user.password, new_password: 'Quiet-harbour-61', new_password_confirmation: 'Quiet-harbour-61' });
    expect(sixth.status).toBe(429);
    const deleting = await call(user.token, 'DELETE', '/api/profile', { password: user.password });
    expect(deleting.status).toBe(429);
    expect((await call(user.token, 'GET', '/api/me')).status).toBe(200);

    clock.advance(16 * 60 * 1000);
    const changed = await call(user.token, 'PUT', '/api/profile/password', { current_password: user.password, new_password: 'Quiet-harbour-61', new_password_confirmation: 'Quiet-harbour-61' });
    expect(changed.status).toBe(200);
  });

  it('answers a sign-up for a known e-mail as any other, and tells the Admins instead', async () => {
    const fresh = await app.inject({ method: 'POST', url: '/api/signup', payload: { name: 'New Face', email: 'newface@demo.shop', password: 'Bright-morning-8' } });
    const known = await app.inject({ method: 'POST', url: '/api/signup', payload: { name: 'Curious Visitor', email: 'Manager@demo.shop', password: 'Bright-morning-8' } });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.json()).toEqual(fresh.json());
    // Nothing about the existing account changed.
    expect((await login('manager@demo.shop', 'demo1234')).status).toBe(200);
    expect((await call(tokens.Admin, 'GET', '/api/users?q=Curious')).body.data).toEqual([]);
    const notices = (await call(tokens.Admin, 'GET', '/api/notifications?unread=1')).body.data;
    expect(notices).toContainEqual(
      expect.objectContaining({ kind: 'signup_duplicate', params: { name: 'Curious Visitor', email: 'manager@demo.shop' }, title: 'Sign-up with a known e-mail: manager@demo.shop' }),
    );
  });
});

describe(`the password rule (${dbKind})`, () => {
  const cases = [
    ['        ', 'Use at least 8 characters that are not spaces.'],
    ['  ab  cd  ', 'Use at least 8 characters that are not spaces.'],
    ['aaaaaaaa', 'Do not use one character over and over.'],
    ['password', 'This password is too common. Choose one that is harder to guess.'],
    ['12345678', 'This password is too common. Choose one that is harder to guess.'],
    // Not in the console's short list: the server's dictionary knows it.
    ['Jennifer', 'This password is too common. Choose one that is harder to guess.'],
  ] as const;

  it('refuses blank-ish, one-character and common passwords wherever a password is set, and takes a good one', async () => {
    const user = await addUser('Rule Reader', 'rules@demo.shop', 'Staff');
    for (const [weak, message] of cases) {
      const signUp = await app.inject({ method: 'POST', url: '/api/signup', payload: { name: 'Weak Visitor', email: 'weak.visitor@demo.shop', password: weak } });
      expect(signUp.statusCode, `sign-up ${JSON.stringify(weak)}`).toBe(422);
      expect(signUp.json().errors.password).toEqual([message]);

      const created = await call(tokens.Admin, 'POST', '/api/users', { name: 'Weak New', email: 'weak.new@demo.shop', role: 'Staff', password: weak });
      expect(created.status, `create ${JSON.stringify(weak)}`).toBe(422);
      expect(created.body.errors.password).toEqual([message]);

      const reset = await call(tokens.Admin, 'PUT', `/api/users/${user.id}/password`, { password: weak });
      expect(reset.status, `reset ${JSON.stringify(weak)}`).toBe(422);
      expect(reset.body.errors.password).toEqual([message]);

      const own = await call(user.token, 'PUT', '/api/profile/password', { current_password: user.password, new_password: weak, new_password_confirmation: weak });
      expect(own.status, `own ${JSON.stringify(weak)}`).toBe(422);
      expect(own.body.errors.new_password).toEqual([message]);
    }
    expect((await login('rules@demo.shop', user.password)).status).toBe(200);
    const good = await call(tokens.Admin, 'PUT', `/api/users/${user.id}/password`, { password: 'Sour-tamarind-93' });
    expect(good.status).toBe(200);
    expect((await login('rules@demo.shop', 'Sour-tamarind-93')).status).toBe(200);
  });
});
