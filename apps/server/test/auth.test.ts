import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, signInAs } from './support/test-app';

const { app, clock, database } = await createTestApp();

describe(`sign-in, session and sign-out (${dbKind})`, () => {
  it('signs in with a trimmed, case-insensitive e-mail and returns a bearer token and the user', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: '  Admin@Demo.Shop ', password: 'demo1234' },
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ email: 'admin@demo.shop', name: 'Admin Demo', role: 'Admin' });
    expect(body.user).not.toHaveProperty('password_hash');

    const session = await database.db
      .selectFrom('sessions')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.token_hash).not.toBe(body.access_token);
    expect(session.token_hash).toHaveLength(64);
    expect(session.device).toBe('Chrome on Android');
  });

  it('GET /me answers the signed-in user', async () => {
    const token = await signInAs(app, 'manager@demo.shop');
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ email: 'manager@demo.shop', role: 'Manager' });
  });

  it('rejects a missing, malformed or unknown token with 401 Unauthenticated.', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, bearer('not-a-real-token')]) {
      const response = await app.inject({ method: 'GET', url: '/api/me', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('logout revokes the token on the server: the same token is refused afterwards', async () => {
    const token = await signInAs(app, 'staff@demo.shop');
    const other = await signInAs(app, 'staff@demo.shop');
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'Logged out successfully' });
    const after = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    // Only that session ends; the user's other device stays signed in.
    const stillIn = await app.inject({ method: 'GET', url: '/api/me', headers: bearer(other) });
    expect(stillIn.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
  });

  it('a deactivated user is signed out everywhere and cannot sign in', async () => {
    const token = await signInAs(app, 'staff@demo.shop');
    await database.db.updateTable('users').set({ deactivated_at: clock.now().toISOString() }).where('email', '=', 'staff@demo.shop').execute();
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'staff@demo.shop', password: 'demo1234' } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/deactivated/);
    await database.db.updateTable('users').set({ deactivated_at: null }).where('email', '=', 'staff@demo.shop').execute();
  });
});

describe(`sign-in validation (${dbKind})`, () => {
  it('answers 422 with a message per missing field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email: '   ' } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Email is required.',
      errors: { email: ['Email is required.'], password: ['Password is required.'] },
    });
  });

  it('answers 422 for wrong types and 4xx for a body that is not JSON, never 500', async () => {
    const wrongTypes = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 42, password: ['x'] } });
    expect(wrongTypes.statusCode).toBe(422);
    expect(Object.keys(wrongTypes.json().errors)).toEqual(['email', 'password']);

    const broken = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const noBody = await app.inject({ method: 'POST', url: '/api/login' });
    expect(noBody.statusCode).toBe(422);
    expect(noBody.json().message).toBe('Send a JSON object as the request body.');

    const text = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(422);
    expect(text.json().message).toBe('Send a JSON object as the request body.');

    const form = await app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a' });
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe('Send the request body as JSON (Content-Type: application/json).');
  });

  it('gives the same answer for a wrong password and an unknown e-mail', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'manager@demo.shop', password: 'nope-nope' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@demo.shop', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('These credentials do not match our records.');
  });
});

describe(`sign-in throttling (${dbKind})`, () => {
  it('refuses the sixth failure in a row for one e-mail with 429, even with the right password, until the window passes', async () => {
    const email = 'manager@demo.shop';
    await signInAs(app, email); // a success clears earlier failures of this e-mail
    for (let i = 0; i < 5; i += 1) {
      const r = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: `wrong-${i}` } });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'demo1234' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBe(900);

    // Another account from the same address is not locked by this one.
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'admin@demo.shop', password: 'demo1234' } })).statusCode).toBe(200);

    clock.advance(15 * 60 * 1000 + 1000);
    const later = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'demo1234' } });
    expect(later.statusCode).toBe(200);
  });

  it('throttles unknown e-mails exactly like known ones', async () => {
    const email = 'ghost@demo.shop';
    for (let i = 0; i < 5; i += 1) {
      await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'x' } });
    }
    const blocked = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'x' } });
    expect(blocked.statusCode).toBe(429);
    clock.advance(16 * 60 * 1000);
  });
});

describe(`sign-in rate limit per address (${dbKind})`, async () => {
  const { app: limited } = await createTestApp();
  it('answers 429 once one address has made 30 sign-ins in a minute, even correct ones', async () => {
    for (let i = 0; i < 30; i += 1) {
      const r = await limited.inject({ method: 'POST', url: '/api/login', payload: { email: 'staff@demo.shop', password: 'demo1234' } });
      expect(r.statusCode).toBe(200);
    }
    const last = await limited.inject({ method: 'POST', url: '/api/login', payload: { email: 'staff@demo.shop', password: 'demo1234' } });
    expect(last.statusCode).toBe(429);
    // The wait counts down from a minute while the 30 sign-ins run.
    expect(last.json().message).toMatch(/^Too many requests\. Try again in (1 minute|\d+ seconds)\.$/);
  });
});
