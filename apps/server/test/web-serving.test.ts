import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { dbKind, freshDatabase } from './support/test-app';

// A stand-in for apps/web/dist: the server must not care what the console's files contain.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');

const database = await freshDatabase();
const app = await buildApp({ database, webDist: dist, logLevel: 'silent' });
afterAll(async () => {
  await app.close();
  await database.drop();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe(`serving the console (${dbKind})`, () => {
  it('answers every screen path with index.html, never cached, so deep links and reloads work', async () => {
    for (const url of ['/', '/auth/sign-in', '/products', '/supplies/create', '/settings/account?tab=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache and sends security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves files of a newer build without a restart', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'page-def456.js'), 'console.log(2)');
    const response = await app.inject({ method: 'GET', url: '/assets/page-def456.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(2)');
  });

  it('answers a missing file or an unknown API path with a JSON 404, not the page', async () => {
    for (const url of ['/assets/missing.js', '/api/unknown', '/api']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    const post = await app.inject({ method: 'POST', url: '/products' });
    expect(post.statusCode).toBe(404);
  });
});
