import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { dbKind, freshDatabase } from './support/test-app';

// A stand-in for apps/web/dist: the server must not care what the console's files contain.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>console</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
// A bigger file with the brotli and gzip copies the console's build writes beside it.
const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};`;
fs.writeFileSync(path.join(dist, 'assets', 'big-fed456.js'), bigScript);
fs.writeFileSync(path.join(dist, 'assets', 'big-fed456.js.br'), zlib.brotliCompressSync(bigScript));
fs.writeFileSync(path.join(dist, 'assets', 'big-fed456.js.gz'), zlib.gzipSync(bigScript));

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

  it('serves hashed assets with a long cache and the security headers that apply to a script; the page keeps its policy', async () => {
    // A file sent as it is, and one sent as its brotli copy.
    for (const [url, encoding] of [['/assets/index-abc123.js', 'identity'], ['/assets/big-fed456.js', 'br']] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe(encoding === 'br' ? 'br' : undefined);
      expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // A page's own headers would only lengthen each of the first load's many files.
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) {
        expect(response.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    const page = await app.inject({ method: 'GET', url: '/auth/sign-in', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends the compressed copy of a file that the browser accepts, with its cache and type kept', async () => {
    for (const [accept, encoding, decode, copy] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync, 'big-fed456.js.br'],
      ['gzip, deflate', 'gzip', zlib.gunzipSync, 'big-fed456.js.gz'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: '/assets/big-fed456.js', headers: { 'accept-encoding': accept } });
      // The build's own copy, byte for byte: nothing is compressed again per request.
      expect(response.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets', copy))), accept).toBe(true);
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length).toBeLessThan(bigScript.length / 4);
      expect(decode(response.rawPayload).toString()).toBe(bigScript);
    }
    // A browser that takes no compression gets the file itself.
    const plain = await app.inject({ method: 'GET', url: '/assets/big-fed456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
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
