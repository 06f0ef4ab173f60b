// `npm run bench`: starts the built server on a fresh demo database and measures it.
// Figures are printed, never asserted. BENCH_DATABASE_URL=postgres://… measures PostgreSQL instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitHealthy(base, started) {
  for (;;) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return performance.now() - started;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

buildIfStale();
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
const base = `http://127.0.0.1:${port}`;
const started = performance.now();
const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  },
});

try {
  const startupMs = await waitHealthy(base, started);
  const health = await (await fetch(`${base}/api/health`)).json();

  const loginTimes = [];
  let token = '';
  for (let i = 0; i < 20; i += 1) {
    const t = performance.now();
    const r = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.shop', password: 'demo1234' }),
    });
    loginTimes.push(performance.now() - t);
    token = (await r.json()).access_token;
  }
  loginTimes.sort((a, b) => a - b);

  const load = (title, url) =>
    autocannon({ url: `${base}${url}`, connections: 10, duration: seconds, headers: { authorization: `Bearer ${token}` }, title });
  const me = await load('GET /api/me', '/api/me');
  const users = await load('GET /api/users?q=demo', '/api/users?q=demo');

  const row = (name, r) =>
    `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;
  console.log(`\nShop console benchmark — ${health.database}, ${os.cpus().length} cores, Node ${process.version}\n`);
  console.log(`Cold start (migrate + seed demo + listen): ${startupMs.toFixed(0)} ms`);
  console.log(`Sign-in (argon2id), 20 sequential: p50 ${pct(loginTimes, 50).toFixed(1)} ms, p95 ${pct(loginTimes, 95).toFixed(1)} ms\n`);
  console.log(`Load: 10 connections, ${seconds} s each`);
  console.log('| request | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|');
  console.log(row('GET /api/me', me));
  console.log(row('GET /api/users?q=demo', users));
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
