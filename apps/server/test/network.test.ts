import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { getOnce, repoRoot, startServer, stopAllServers } from './support/server-process';
import { createTestApp, dbKind, freshDatabase } from './support/test-app';

// What a hostile or merely slow network does to the server; the database plays no part, so this
// runs once, on SQLite.
const database = await freshDatabase();
afterAll(async () => {
  await stopAllServers();
  await database.db.destroy();
  await database.drop();
});

interface HeldConnection {
  /** Everything the server sent before it closed the connection. */
  answer: Promise<{ text: string; closedAfterMs: number }>;
  socket: net.Socket;
}

/** A client that sends `head` and then nothing more, holding the connection open until the server closes it. */
function holdOpen(base: string, head: string): Promise<HeldConnection> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    const started = Date.now();
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const answer = new Promise<{ text: string; closedAfterMs: number }>((done) => socket.on('close', () => done({ text, closedAfterMs: Date.now() - started })));
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      socket.write(head);
      resolve({ answer, socket });
    });
    socket.once('error', reject);
  });
}

const halfBody = (n: number) =>
  `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"email":"slow${n}@demo.shop","password":"`;

describe.skipIf(dbKind === 'postgres')('slow and idle clients', () => {
  it('closes 200 half-sent requests with 408 after the request timeout, and answers others meanwhile', { timeout: 60_000 }, async () => {
    const server = await startServer({ ...database.serverEnv, REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000' });
    const held: HeldConnection[] = [];
    for (let n = 0; n < 200; n += 1) held.push(await holdOpen(server.base, halfBody(n)));
    const headersOnly = await holdOpen(server.base, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');

    // While the 201 slow clients wait, a till is still served.
    const health = await getOnce(`${server.base}/api/health`);
    expect(health.status).toBe(200);

    const answers = await Promise.all(held.map((connection) => connection.answer));
    for (const { text, closedAfterMs } of answers) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAfterMs).toBeLessThan(15_000);
    }
    // Headers that never finish are cut off too (Node closes those without an answer).
    expect((await headersOnly.answer).closedAfterMs).toBeLessThan(15_000);
    expect((await getOnce(`${server.base}/api/health`)).status).toBe(200);
    await server.stop();
  });

  it('refuses connections past MAX_CONNECTIONS and serves again once the slow ones are closed', { timeout: 60_000 }, async () => {
    const server = await startServer({ ...database.serverEnv, REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '1000', MAX_CONNECTIONS: '20' });
    const held: HeldConnection[] = [];
    for (let n = 0; n < 20; n += 1) held.push(await holdOpen(server.base, halfBody(n)));
    const extra = await holdOpen(server.base, halfBody(99));
    const refused = await extra.answer;
    // Dropped at once, with nothing said: the twenty slow ones are still waiting for their timeout.
    expect(refused.text).toBe('');
    expect(refused.closedAfterMs).toBeLessThan(1_500);

    await Promise.all(held.map((connection) => connection.answer));
    expect((await getOnce(`${server.base}/api/health`)).status).toBe(200);
    await server.stop();
  });

  it('refuses a bad limit at start with a clear line', () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      env: { ...process.env, ...database.serverEnv, PORT: '0', REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '5000' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS');
  });
});

describe.skipIf(dbKind === 'postgres')('HTTPS on the shop network', () => {
  it('`npm run cert` makes a shop authority and a server certificate the server serves, with HSTS', { timeout: 120_000 }, async () => {
    const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cert-'));
    const made = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/make-cert.mjs'), '192.0.2.10', 'till-server.lan'], {
      env: { ...process.env, CERT_DIR: certDir },
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(made.status, made.stderr).toBe(0);
    const ca = fs.readFileSync(path.join(certDir, 'ca.crt'));
    const certificate = new X509Certificate(fs.readFileSync(path.join(certDir, 'server.crt')));
    expect(certificate.checkIP('192.0.2.10')).toBe('192.0.2.10');
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.checkHost('till-server.lan')).toBe('till-server.lan');
    expect(certificate.checkIssued(new X509Certificate(ca))).toBe(true);
    expect(fs.statSync(path.join(certDir, 'server.key')).mode & 0o077).toBe(0);

    const server = await startServer(
      { ...database.serverEnv, HTTPS_CERT: path.join(certDir, 'server.crt'), HTTPS_KEY: path.join(certDir, 'server.key') },
      { ca },
    );
    expect(server.base).toMatch(/^https:/);
    // The till trusts the shop's authority, and nothing else is needed: the certificate names 127.0.0.1.
    const health = await getOnce(`${server.base}/api/health`, ca);
    expect(health.status).toBe(200);
    expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    // A browser that has not installed the authority is refused by TLS itself.
    await expect(getOnce(`${server.base}/api/health`)).rejects.toThrow(/certificate/i);
    await server.stop();

    // A second run keeps the authority, so the tills need not install it again.
    const again = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/make-cert.mjs')], { env: { ...process.env, CERT_DIR: certDir }, encoding: 'utf8', timeout: 100_000 });
    expect(again.status, again.stderr).toBe(0);
    expect(fs.readFileSync(path.join(certDir, 'ca.crt'))).toEqual(ca);
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  it('over plain HTTP sends no HSTS, and the API reference asks for no https upgrade', async () => {
    const { app } = await createTestApp({ seedDemo: false });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['strict-transport-security']).toBeUndefined();
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    const policy = String(docs.headers['content-security-policy']);
    expect(policy).toContain("default-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
    await app.close();
  });
});

describe('security headers', () => {
  it('are on every answer (an API answer, an error, a not-found path), the same each time, as helmet sets them', async () => {
    const { app } = await createTestApp({ seedDemo: false });
    const asked = [
      { method: 'GET', url: '/api/health', status: 200 },
      { method: 'GET', url: '/api/me', status: 401 },
      { method: 'POST', url: '/api/login', payload: { email: 'nobody' }, status: 422 },
      { method: 'GET', url: '/api/no-such-thing', status: 404 },
    ] as const;
    const answers = [];
    for (const { status, ...request } of asked) {
      const answer = await app.inject(request);
      expect(answer.statusCode, request.url).toBe(status);
      answers.push(Object.assign(answer, { request }));
    }
    for (const answer of answers) {
      expect(answer.headers['content-security-policy'], answer.request.url).toContain("default-src 'self'");
      expect(answer.headers['content-security-policy'], answer.request.url).toContain("frame-ancestors 'self'");
      expect(answer.headers['x-content-type-options'], answer.request.url).toBe('nosniff');
      expect(answer.headers['x-frame-options'], answer.request.url).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy'], answer.request.url).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy'], answer.request.url).toBe('same-origin');
      expect(answer.headers['cross-origin-resource-policy'], answer.request.url).toBe('same-origin');
    }
    // Worked out once, they are the same on every answer.
    const names = ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection'];
    for (const name of names) expect(new Set(answers.map((answer) => answer.headers[name])).size, name).toBe(1);
    await app.close();
  });
});
