import SQLite from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { bearer, createTestApp, dbKind, signInAs } from './support/test-app';

/*
 * Signed-in sessions are kept in memory between requests (docs/decisions/0021-sessions-kept-in-memory.md).
 * Writes through this server drop them at once (auth.test.ts, credential-lifetimes.test.ts and
 * others sign out, deactivate and change settings through it). Here another program writes the
 * database behind the server's back: a second SQLite connection, or a PostgreSQL client standing
 * for another server or an administrator's psql.
 */

const { app, database } = await createTestApp();

const me = async (token: string) => (await app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode;

/** Runs one statement on a connection of its own, as another program would. */
async function elsewhere(statement: string): Promise<void> {
  if (dbKind === 'sqlite') {
    const other = new SQLite(database.location);
    try {
      other.pragma('busy_timeout = 5000');
      other.exec(statement);
    } finally {
      other.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The status the token gets once the change has reached the server: at once on SQLite (the next
 * request reads the file's data_version); on PostgreSQL once the notification has arrived, polled
 * for up to five seconds.
 */
async function settledStatus(token: string, expected: number): Promise<number> {
  const until = Date.now() + (dbKind === 'sqlite' ? 0 : 5000);
  let status = await me(token);
  while (status !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = await me(token);
  }
  return status;
}

/** Signs in and uses the session until the server has kept it (on PostgreSQL, once it listens). */
async function signedInAndKept(email: string): Promise<string> {
  const token = await signInAs(app, email);
  for (let i = 0; i < 5; i += 1) expect(await me(token)).toBe(200);
  return token;
}

describe(`sessions kept in memory, written elsewhere (${dbKind})`, () => {
  it('refuses a session another program signed out, and keeps the others', async () => {
    const token = await signedInAndKept('staff@demo.shop');
    const other = await signedInAndKept('manager@demo.shop');
    // Signing in wrote a session, so the first is read and kept again.
    expect(await me(token)).toBe(200);
    await elsewhere(`update sessions set revoked_at = '2026-01-01T00:00:00.000Z' where token_hash = (select token_hash from sessions s join users u on u.id = s.user_id where u.email = 'staff@demo.shop' order by s.id desc limit 1)`);
    expect(await settledStatus(token, 401)).toBe(401);
    expect(await me(other)).toBe(200);
  });

  it('refuses every session of a user another program deactivated, and lets them back when reactivated', async () => {
    const token = await signedInAndKept('manager@demo.shop');
    await elsewhere(`update users set deactivated_at = '2026-01-01T00:00:00.000Z' where email = 'manager@demo.shop'`);
    expect(await settledStatus(token, 401)).toBe(401);
    await elsewhere(`update users set deactivated_at = null where email = 'manager@demo.shop'`);
    expect(await settledStatus(token, 200)).toBe(200);
  });

  it('applies a role changed elsewhere to the next request', async () => {
    const token = await signedInAndKept('staff@demo.shop');
    const reports = async () => (await app.inject({ method: 'GET', url: '/api/users', headers: bearer(token) })).statusCode;
    const before = await reports();
    await elsewhere(`update users set role = 'Admin' where email = 'staff@demo.shop'`);
    const until = Date.now() + (dbKind === 'sqlite' ? 0 : 5000);
    let after = await reports();
    while (after === before && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      after = await reports();
    }
    await elsewhere(`update users set role = 'Staff' where email = 'staff@demo.shop'`);
    expect(before).toBe(403);
    expect(after).toBe(200);
  });

  it.skipIf(dbKind !== 'postgres')('PostgreSQL: keeps nothing stale when its listening connection drops (PostgreSQL only)', async () => {
    const token = await signedInAndKept('admin@demo.shop');
    const listening = async () => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(`select pid from pg_stat_activity where application_name = 'shop auth watch' and datname = current_database() and query ilike 'listen%' and state = 'idle'`);
        return rows.length;
      } finally {
        await client.end();
      }
    };
    const listenUntil = Date.now() + 5000;
    while ((await listening()) === 0 && Date.now() < listenUntil) await me(token);
    expect(await listening()).toBe(1);
    expect(await me(token)).toBe(200);
    // The connection that hears other servers' changes is cut; while it is down, the session is signed out elsewhere.
    await elsewhere(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'shop auth watch' and datname = current_database()`);
    await elsewhere(`update sessions set revoked_at = '2026-01-01T00:00:00.000Z' where user_id = (select id from users where email = 'admin@demo.shop')`);
    // Whether asked while it is down or once it listens again, the session is refused: nothing kept from before the cut is used.
    const statuses: number[] = [];
    const until = Date.now() + 5000;
    while ((await listening()) === 0 && Date.now() < until) statuses.push(await me(token));
    expect(await listening()).toBe(1);
    for (let i = 0; i < 20; i += 1) {
      statuses.push(await me(token));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
  });
});
