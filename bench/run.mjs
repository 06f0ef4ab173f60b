// `npm run bench`: starts the built server on a fresh demo database and measures it.
// Figures are printed, never asserted. BENCH_DATABASE_URL=postgres://… measures PostgreSQL instead.
import { execFileSync, spawn } from 'node:child_process';
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

  // A big shop's catalogue: 10,000 products created through the API, as a manager would.
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const categories = (await (await fetch(`${base}/api/categories?per_page=1000`, { headers: auth })).json()).data;
  const units = (await (await fetch(`${base}/api/units?per_page=1000`, { headers: auth })).json()).data;
  const productCount = Number(process.env.BENCH_PRODUCTS ?? 10000);
  const writeStarted = performance.now();
  for (let i = 0; i < productCount; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, productCount - i) }, (_, k) => {
        const n = i + k;
        return fetch(`${base}/api/products`, {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({
            name: `Bench item ${n} ${['latte', 'muffin', 'tea', 'juice', 'cookie'][n % 5]}`,
            sku: `BENCH-${n}`,
            category_id: categories[n % categories.length].id,
            unit_id: units[n % units.length].id,
            price: (n % 900) / 100 + 0.5,
          }),
        }).then((r) => {
          if (r.status !== 201) throw new Error(`product create answered ${r.status}`);
        });
      }),
    );
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;

  const load = (title, url) =>
    autocannon({ url: `${base}${url}`, connections: 10, duration: seconds, headers: { authorization: `Bearer ${token}` }, title });
  const me = await load('GET /api/me', '/api/me');
  const users = await load('GET /api/users?q=demo', '/api/users?q=demo');
  const search = await load('GET /api/products?q=latte&per_page=5', '/api/products?q=latte&per_page=5');
  const posPage = await load('GET /api/products?per_page=200&include=stock', '/api/products?per_page=200&include=stock');
  const lastPage = await load('GET /api/products?page=2000&per_page=5', '/api/products?page=2000&per_page=5');
  const categoriesList = await load('GET /api/categories?per_page=1000', '/api/categories?per_page=1000');
  const posCatalog = await load('GET /api/pos/catalog', '/api/pos/catalog');
  const catalogBytes = (await (await fetch(`${base}/api/pos/catalog`, { headers: auth })).text()).length;

  // Checkout: 200 bench products get stock, then 20 tills sell one of them at a time, each
  // sale with its own Idempotency-Key, as the POS sends it.
  const stocked = (await (await fetch(`${base}/api/products?q=BENCH-&per_page=200`, { headers: auth })).json()).data;
  for (const product of stocked) {
    const r = await fetch(`${base}/api/stocks`, { method: 'POST', headers: auth, body: JSON.stringify({ product_id: product.id, quantity: 1_000_000, price_in: 0.1 }) });
    if (r.status !== 201) throw new Error(`stock receipt answered ${r.status}`);
  }
  const cents = (n) => Math.round(n * 100);
  const saleBody = (n) => {
    const product = stocked[n % stocked.length];
    const total = (cents(product.price) + Math.round((cents(product.price) * 1000) / 10_000)) / 100;
    return JSON.stringify({ sale_date: new Date().toISOString(), payment_method: 'Card', items: [{ product_id: product.id, quantity: 1, unit_price: product.price }], total_amount: total });
  };
  let saleNumber = 0;
  const checkoutHttp = await autocannon({
    url: `${base}/api/sales`,
    connections: 20,
    duration: seconds,
    title: 'POST /api/sales',
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          saleNumber += 1;
          return {
            ...request,
            headers: { ...auth, 'idempotency-key': `bench-${process.pid}-${saleNumber}` },
            body: saleBody(saleNumber),
          };
        },
      },
    ],
  });
  const me2 = await (await fetch(`${base}/api/me`, { headers: auth })).json();
  const direct = JSON.parse(
    execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [
        path.join(root, 'bench/checkout-direct.ts'),
        process.env.BENCH_DATABASE_URL || path.join(dataDir, 'shop.db'),
        String(seconds),
        '20',
        JSON.stringify(stocked.map((p) => ({ id: p.id, price: p.price }))),
        String(me2.data.id),
      ],
      { cwd: root, encoding: 'utf8' },
    ).trim(),
  );

  const row = (name, r) =>
    `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;
  console.log(`\nShop console benchmark — ${health.database}, ${os.cpus().length} cores, Node ${process.version}\n`);
  console.log(`Cold start (migrate + seed demo + listen): ${startupMs.toFixed(0)} ms`);
  console.log(`Sign-in (argon2id), 20 sequential: p50 ${pct(loginTimes, 50).toFixed(1)} ms, p95 ${pct(loginTimes, 95).toFixed(1)} ms\n`);
  console.log(`Created ${productCount} products through POST /api/products (50 in flight): ${(productCount / writeSeconds).toFixed(0)} per second\n`);
  console.log(`Load: 10 connections, ${seconds} s each, catalogue of ${productCount + 31} products`);
  console.log('| request | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|');
  console.log(row('GET /api/me', me));
  console.log(row('GET /api/users?q=demo', users));
  console.log(row('GET /api/products?q=latte&per_page=5', search));
  console.log(row('GET /api/products?per_page=200&include=stock', posPage));
  console.log(row('GET /api/products?page=2000&per_page=5', lastPage));
  console.log(row('GET /api/categories?per_page=1000', categoriesList));
  console.log(row(`GET /api/pos/catalog (${(catalogBytes / 1024).toFixed(0)} KB)`, posCatalog));

  console.log(`\nCheckout (one sale = one transaction: price, promotions, tax, stock lock + FEFO, sale, line, payment, ledger, audit, idempotency key), 20 concurrent, ${seconds} s`);
  console.log('| path | sales/s | p50 ms | p99 ms | failed |');
  console.log('|---|---|---|---|---|');
  console.log(`| HTTP POST /api/sales | ${Math.round(checkoutHttp.requests.average)} | ${checkoutHttp.latency.p50} | ${checkoutHttp.latency.p99} | ${checkoutHttp.non2xx + checkoutHttp.errors} |`);
  console.log(`| same transaction called directly | ${Math.round(direct.perSecond)} | ${direct.p50.toFixed(1)} | ${direct.p99.toFixed(1)} | ${direct.failed} |`);
  console.log(`HTTP reaches ${((checkoutHttp.requests.average / direct.perSecond) * 100).toFixed(0)}% of the direct rate.`);

  // Reports on a year of a busy shop: ≥ 500,000 sale lines, 2,000 supplies, 10,000 products.
  const yearSales = Number(process.env.BENCH_YEAR_SALES ?? 250_000);
  const generated = JSON.parse(
    execFileSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/generate-year.ts'), process.env.BENCH_DATABASE_URL || path.join(dataDir, 'shop.db'), String(yearSales), String(me2.data.id)], {
      cwd: root,
      encoding: 'utf8',
    }).trim(),
  );
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() + 7 * 3600_000 - 364 * 86_400_000).toISOString().slice(0, 10);
  const timed = async (url, times = 15) => {
    const ms = [];
    let bytes = 0;
    for (let i = 0; i < times; i += 1) {
      const t = performance.now();
      const r = await fetch(`${base}${url}`, { headers: auth });
      bytes = (await r.arrayBuffer()).byteLength;
      if (!r.ok) throw new Error(`${url} answered ${r.status}`);
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { p50: pct(ms, 50), p95: pct(ms, 95), bytes };
  };
  const reportUrls = [
    ['Sales report, first page, last 30 days', '/api/sales?per_page=8&perPage=8'],
    ['Sales report, first page, whole year', `/api/sales?per_page=8&perPage=8&from=${yearAgo}&to=${today}`],
    ['Purchase report, first page, whole year', `/api/supplies?per_page=8&from=${yearAgo}&to=${today}`],
    ['Stock report, first page, last 30 days', '/api/stock-report?per_page=10'],
    ['Stock report, first page, whole year', `/api/stock-report?per_page=10&from=${yearAgo}&to=${today}`],
    ['Dashboard', '/api/dashboard'],
  ];
  const reportRows = [];
  for (const [name, url] of reportUrls) reportRows.push([name, await timed(url)]);
  const exports = [];
  for (const [name, url] of [
    ['sales-report.csv, whole year', `/api/sales/export?from=${yearAgo}&to=${today}`],
    ['purchase-report.csv, whole year', `/api/supplies/export?from=${yearAgo}&to=${today}`],
    ['stock-report.csv, whole year', `/api/stock-report/export?from=${yearAgo}&to=${today}`],
  ]) {
    const t = performance.now();
    const text = await (await fetch(`${base}${url}`, { headers: auth })).text();
    exports.push([name, performance.now() - t, text.trim().split('\n').length - 1, text.length]);
  }

  // Sales while reports run: 10 tills sell while 2 managers keep opening the year's reports.
  let reportsRunning = true;
  let reportsDone = 0;
  const managers = Array.from({ length: 2 }, async () => {
    while (reportsRunning) {
      for (const [, url] of reportUrls) {
        if (!reportsRunning) break;
        await (await fetch(`${base}${url}`, { headers: auth })).arrayBuffer();
        reportsDone += 1;
      }
    }
  });
  const underReports = await autocannon({
    url: `${base}/api/sales`,
    connections: 10,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          saleNumber += 1;
          return { ...request, headers: { ...auth, 'idempotency-key': `bench-r-${process.pid}-${saleNumber}` }, body: saleBody(saleNumber) };
        },
      },
    ],
  });
  reportsRunning = false;
  await Promise.all(managers);
  const idleCheckout = await autocannon({
    url: `${base}/api/sales`,
    connections: 10,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          saleNumber += 1;
          return { ...request, headers: { ...auth, 'idempotency-key': `bench-i-${process.pid}-${saleNumber}` }, body: saleBody(saleNumber) };
        },
      },
    ],
  });

  console.log(`\nReports on a year of data: ${generated.sales} sales, ${generated.saleLines} sale lines, ${generated.supplies} supplies (generated in ${generated.seconds.toFixed(0)} s), ${productCount + 31} products`);
  console.log('| request | p50 ms | p95 ms | KB |');
  console.log('|---|---|---|---|');
  for (const [name, r] of reportRows) console.log(`| ${name} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${(r.bytes / 1024).toFixed(1)} |`);
  console.log('\n| CSV export | seconds | rows | MB |');
  console.log('|---|---|---|---|');
  for (const [name, ms, rows, chars] of exports) console.log(`| ${name} | ${(ms / 1000).toFixed(2)} | ${rows} | ${(chars / 1024 / 1024).toFixed(1)} |`);
  console.log(`\nCheckout with 10 tills on the year's data: idle p50 ${idleCheckout.latency.p50} ms, p99 ${idleCheckout.latency.p99} ms, ${Math.round(idleCheckout.requests.average)} sales/s`);
  console.log(`…while 2 managers ran ${reportsDone} report pages: p50 ${underReports.latency.p50} ms, p99 ${underReports.latency.p99} ms, ${Math.round(underReports.requests.average)} sales/s, failed ${underReports.non2xx + underReports.errors}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
