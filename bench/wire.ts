// `npm run bench`'s bytes on the wire (docs/decisions/0017-speed-on-the-wire-and-under-load.md):
// the built server on a fresh SQLite database, and a new browser (Chromium, nothing cached) that
// opens the sign-in screen, signs in through it and waits for the dashboard. Every response is
// counted as Chromium received it (its encoded size, headers included), by the DevTools protocol's
// network events: what a shop's tablet downloads, not the files' sizes on disk. The service worker
// is kept out: its copy of the whole console for offline use is fetched in the background, once
// per release, after the first screen, and would hide the page's own fetches behind it. Prints one
// JSON line on stdout; BENCH_WIRE_LIST=1 adds each response (path, KiB, encoding).
// Usage: tsx bench/wire.ts
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession } from '@playwright/test';
import { waitUntilListening } from './server';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.BENCH_WIRE_PORT ?? 3473);
const base = `http://127.0.0.1:${PORT}`;

type Kind = 'document' | 'script' | 'style' | 'font' | 'api' | 'other';
type Seen = { url: string; kind: Kind; bytes: number; encoding: string };

/** Every response the page's network receives from now on, with its size on the wire. */
function countResponses(cdp: CDPSession) {
  const requests = new Map<string, { url: string; type: string; encoding: string }>();
  const seen: Seen[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
    requests.set(event.requestId, { url: event.response.url, type: event.type, encoding: headers['content-encoding'] ?? 'none' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request) return;
    const { pathname } = new URL(request.url);
    const kind: Kind = pathname.startsWith('/api/')
      ? 'api'
      : request.type === 'Document'
        ? 'document'
        : request.type === 'Script'
          ? 'script'
          : request.type === 'Stylesheet'
            ? 'style'
            : request.type === 'Font'
              ? 'font'
              : 'other';
    seen.push({ url: pathname, kind, bytes: event.encodedDataLength, encoding: request.encoding });
  });
  return seen;
}

const charts = (response: Seen) => /\/assets\/dashboard-charts-[^/]+\.js$/.test(response.url);
const kib = (seen: Seen[]) => seen.reduce((sum, response) => sum + response.bytes, 0) / 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-wire-'));
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOGIN_RATE_LIMIT_PER_MINUTE: '100000', DEMO_PRINTER: '' },
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  await waitUntilListening(base);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const seen = countResponses(cdp);

  await page.goto(`${base}/auth/sign-in`);
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  const signInScreen = seen.length;
  await page.getByLabel('Email').fill('admin@demo.shop');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  // Then the dashboard's own figures and charts (a chunk asked for once its figures are in).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  await page.waitForLoadState('networkidle');
  const byKind = Object.fromEntries(
    (['document', 'script', 'style', 'font', 'api', 'other'] as const).map((kind) => [kind, Number(kib(seen.filter((response) => response.kind === kind)).toFixed(1))]),
  );
  console.log(
    JSON.stringify({
      signInScreenKiB: Number(kib(seen.slice(0, signInScreen)).toFixed(1)),
      // The shell (header, sidebar, the dashboard's figures) is everything but the charts' chunk,
      // which is asked for once the figures are in: counted apart, whenever it comes.
      signInAndShellKiB: Number(kib(seen.filter((response) => !charts(response))).toFixed(1)),
      withDashboardKiB: Number(kib(seen).toFixed(1)),
      responses: seen.length,
      byKind,
      ...(process.env.BENCH_WIRE_LIST ? { list: seen.map((r) => `${r.url} ${(r.bytes / 1024).toFixed(1)} ${r.encoding}`) } : {}),
    }),
  );
  await context.close();
} finally {
  await browser.close();
  server.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
