// `npm run bench`: measures the built server on fresh databases — SQLite, then PostgreSQL (a
// throwaway durable cluster on loopback unless BENCH_DATABASE_URL names one) — and prints the
// figures beside the product's targets. Figures are printed and written to
// bench/results/latest.json, never asserted.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { buildIfStale } from '../scripts/build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10000);
const yearSales = Number(process.env.BENCH_YEAR_SALES ?? 250_000);
const tsx = path.join(root, 'node_modules/.bin/tsx');

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

/** Resident memory of a process in MB: now (VmRSS) and its high-water mark (VmHWM). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The console's first load (the entry script and what index.html preloads) and its biggest lazy chunk, gzipped. */
function webSizes() {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const gzipKiB = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
  const lazy = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((name) => name.endsWith('.js') && !initial.has(`assets/${name}`))
    .map((name) => ({ name, kib: gzipKiB(`assets/${name}`) }))
    .sort((a, b) => b.kib - a.kib);
  return {
    initialJsKiB: [...initial].reduce((sum, file) => sum + gzipKiB(file), 0),
    initialFiles: [...initial].length,
    largestLazyChunk: lazy[0] ?? null,
  };
}

async function benchDatabase(databaseUrl) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const target = databaseUrl || path.join(dataDir, 'shop.db');
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // As `npm start` runs it (package.json): the young generation capped at 4 MB a semi-space.
  const server = spawn(process.execPath, ['--max-semi-space-size=4', 'apps/server/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOGIN_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const result = {};
  // Where the server's memory peaks: its RSS sampled every 100 ms, kept per step of the bench.
  const rssByStep = {};
  let step = 'start and sign-in';
  const sampler = setInterval(() => {
    try {
      rssByStep[step] = Math.max(rssByStep[step] ?? 0, memoryOf(server.pid).rss);
    } catch {
      // The server has exited.
    }
  }, 100);
  try {
    result.startupMs = await waitHealthy(base, started);
    result.database = (await (await fetch(`${base}/api/health`)).json()).database;

    const loginTimes = [];
    let token = '';
    for (let i = 0; i < 20; i += 1) {
      const t = performance.now();
      const r = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@demo.shop', password: 'demo1234' }) });
      loginTimes.push(performance.now() - t);
      token = (await r.json()).access_token;
    }
    loginTimes.sort((a, b) => a - b);
    result.signIn = { p50: pct(loginTimes, 50), p95: pct(loginTimes, 95) };
    await new Promise((r) => setTimeout(r, 1000));
    result.idleRssMB = memoryOf(server.pid).rss;

    // A big shop's catalogue: 10,000 products created through the API, as a manager would.
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const categories = (await (await fetch(`${base}/api/categories?per_page=1000`, { headers: auth })).json()).data;
    const units = (await (await fetch(`${base}/api/units?per_page=1000`, { headers: auth })).json()).data;
    const writeStarted = performance.now();
    step = 'creating products';
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
    result.productsPerSecond = productCount / ((performance.now() - writeStarted) / 1000);
    result.products = productCount + categories.length;
    if (databaseUrl) {
      // PostgreSQL's autovacuum refreshes the planner's statistics within a minute or so of
      // 10,000 new rows; the bench does not wait for it, so it asks at once, as that would.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('analyze');
      await client.end();
    }

    // Asked as a browser asks, taking brotli or gzip: an answer of 1 KiB or more comes compressed.
    const load = async (url) => {
      step = `GET ${url}`;
      const r = await autocannon({ url: `${base}${url}`, connections: 10, duration: seconds, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } });
      return { url, perSecond: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed: r.non2xx + r.errors };
    };
    result.reads = [];
    for (const url of [
      '/api/products?q=latte&per_page=5',
      '/api/search?q=latte',
      '/api/me',
      '/api/products?per_page=200&include=stock',
      '/api/products?page=2000&per_page=5',
      '/api/categories?per_page=1000',
      '/api/pos/catalog',
    ]) {
      result.reads.push(await load(url));
    }
    result.posCatalogKB = (await (await fetch(`${base}/api/pos/catalog`, { headers: auth })).text()).length / 1024;

    // Checkout: 200 bench products get stock; 20 tills ring up 3-line sales, each with its own
    // Idempotency-Key, as the POS sends them.
    const stocked = (await (await fetch(`${base}/api/products?q=BENCH-&per_page=200`, { headers: auth })).json()).data;
    for (const product of stocked) {
      const r = await fetch(`${base}/api/stocks`, { method: 'POST', headers: auth, body: JSON.stringify({ product_id: product.id, quantity: 1_000_000, price_in: 0.1 }) });
      if (r.status !== 201) throw new Error(`stock receipt answered ${r.status}`);
    }
    const linesOf = (n) => [0, 1, 2].map((k) => stocked[(n * 3 + k) % stocked.length]);
    const { fromCents, percentOfCents, sumCents, toCents } = await tsImport('../packages/contracts/src/money.ts', import.meta.url);
    const saleBody = (n) => {
      const lines = linesOf(n);
      const subtotal = sumCents(lines.map((p) => toCents(p.price)));
      // The demo's 10 % tax, exclusive.
      const total = fromCents(subtotal + percentOfCents(subtotal, 1000));
      return JSON.stringify({ sale_date: new Date().toISOString(), payment_method: 'Card', items: lines.map((p) => ({ product_id: p.id, quantity: 1, unit_price: p.price })), total_amount: total });
    };
    let saleNumber = 0;
    const sell = (connections, tag) =>
      autocannon({
        url: `${base}/api/sales`,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              saleNumber += 1;
              return { ...request, headers: { ...auth, 'accept-encoding': 'gzip, deflate, br', 'idempotency-key': `bench-${tag}-${process.pid}-${saleNumber}` }, body: saleBody(saleNumber) };
            },
          },
        ],
      });
    step = 'checkout';
    const checkoutHttp = await sell(20, 'h');
    const me = await (await fetch(`${base}/api/me`, { headers: auth })).json();
    const direct = JSON.parse(
      execFileSync(tsx, [path.join(root, 'bench/checkout-direct.ts'), target, String(seconds), '20', JSON.stringify(stocked.map((p) => ({ id: p.id, price: p.price }))), String(me.data.id)], {
        cwd: root,
        encoding: 'utf8',
      }).trim(),
    );
    result.checkout = {
      http: { perSecond: checkoutHttp.requests.average, p50: checkoutHttp.latency.p50, p99: checkoutHttp.latency.p99, failed: checkoutHttp.non2xx + checkoutHttp.errors },
      direct: { perSecond: direct.perSecond, p50: direct.p50, p99: direct.p99, failed: direct.failed, perCommit: direct.perCommit },
    };

    // Reports on a year of a busy shop: ≥ 500,000 sale lines, 2,000 supplies, 10,000 products.
    const generated = JSON.parse(execFileSync(tsx, [path.join(root, 'bench/generate-year.ts'), target, String(yearSales), String(me.data.id)], { cwd: root, encoding: 'utf8' }).trim());
    result.year = generated;
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() + 7 * 3600_000 - 364 * 86_400_000).toISOString().slice(0, 10);
    // After the generator's long pause, a kept-alive connection the server has just closed can
    // fail a request before it is sent; that one is sent again (and timed from the retry).
    const get = async (url) => {
      try {
        return await fetch(`${base}${url}`, { headers: auth });
      } catch (error) {
        if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
        return fetch(`${base}${url}`, { headers: auth });
      }
    };
    const timed = async (url, times = 15) => {
      const ms = [];
      let bytes = 0;
      for (let i = 0; i < times; i += 1) {
        const t = performance.now();
        const r = await get(url);
        bytes = (await r.arrayBuffer()).byteLength;
        if (!r.ok) throw new Error(`${url} answered ${r.status}`);
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      return { p50: pct(ms, 50), p95: pct(ms, 95), kb: bytes / 1024 };
    };
    const reportUrls = [
      ['Sales report, first page, last 30 days', '/api/sales?per_page=8&perPage=8'],
      ['Sales report, first page, whole year', `/api/sales?per_page=8&perPage=8&from=${yearAgo}&to=${today}`],
      ['Purchase report, first page, whole year', `/api/supplies?per_page=8&from=${yearAgo}&to=${today}`],
      ['Stock report, first page, last 30 days', '/api/stock-report?per_page=10'],
      ['Stock report, first page, whole year', `/api/stock-report?per_page=10&from=${yearAgo}&to=${today}`],
      ['Dashboard', '/api/dashboard'],
    ];
    result.reports = [];
    step = 'reports';
    for (const [name, url] of reportUrls) result.reports.push({ name, ...(await timed(url)) });
    result.exports = [];
    for (const [name, url] of [
      ['sales-report.csv, whole year', `/api/sales/export?from=${yearAgo}&to=${today}`],
      ['purchase-report.csv, whole year', `/api/supplies/export?from=${yearAgo}&to=${today}`],
      ['stock-report.csv, whole year', `/api/stock-report/export?from=${yearAgo}&to=${today}`],
    ]) {
      step = name;
      const t = performance.now();
      const text = await (await fetch(`${base}${url}`, { headers: auth })).text();
      result.exports.push({ name, seconds: (performance.now() - t) / 1000, rows: text.trim().split('\n').length - 1, mb: text.length / 1024 / 1024 });
    }

    // Sales while reports run: 10 tills sell idle, then while 2 managers keep opening the year's
    // reports, then idle again. The share is taken against the mean of the two idle runs: measured
    // only after, the minutes that follow writing the year and its exports (checkpoints, a cold
    // start) fell on the run under reports alone (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
    step = 'checkout idle, before reports';
    const idleBefore = await sell(10, 'i');
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
    step = 'checkout while reports run';
    const underReports = await sell(10, 'r');
    reportsRunning = false;
    await Promise.all(managers);
    step = 'checkout idle, after reports';
    const idleAfter = await sell(10, 'j');
    const idleRun = (run) => ({ perSecond: run.requests.average, p50: run.latency.p50, p99: run.latency.p99 });
    result.checkoutWithReports = {
      idle: { perSecond: (idleBefore.requests.average + idleAfter.requests.average) / 2, before: idleRun(idleBefore), after: idleRun(idleAfter) },
      underReports: { perSecond: underReports.requests.average, p50: underReports.latency.p50, p99: underReports.latency.p99, failed: underReports.non2xx + underReports.errors, reportPages: reportsDone },
    };
    result.peakRssMB = memoryOf(server.pid).peak;
    result.rssByStep = rssByStep;
    return result;
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function printDatabase(r) {
  const f = (n, digits = 0) => Number(n).toFixed(digits);
  console.log(`\n## ${r.database}\n`);
  console.log(`Cold start (migrate + seed demo + listen): ${f(r.startupMs)} ms; sign-in (argon2id) p50 ${f(r.signIn.p50, 1)} ms, p95 ${f(r.signIn.p95, 1)} ms`);
  console.log(`Server memory: ${f(r.idleRssMB)} MB idle, ${f(r.peakRssMB)} MB peak`);
  const steps = Object.entries(r.rssByStep ?? {}).sort((a, b) => b[1] - a[1]);
  console.log(`Highest RSS seen by step (sampled every 100 ms): ${steps.slice(0, 4).map(([name, mb]) => `${name} ${f(mb)} MB`).join(', ')}`);
  console.log(`Created ${productCount} products through POST /api/products (50 in flight): ${f(r.productsPerSecond)} per second\n`);
  console.log(`Reads, 10 connections, ${seconds} s each, catalogue of ${r.products} products`);
  console.log('| request | req/s | p50 ms | p99 ms | failed |\n|---|---|---|---|---|');
  for (const x of r.reads) console.log(`| GET ${x.url}${x.url === '/api/pos/catalog' ? ` (${f(r.posCatalogKB)} KB)` : ''} | ${f(x.perSecond)} | ${x.p50} | ${x.p99} | ${x.failed} |`);
  console.log(`\nCheckout of 3-line sales (one transaction each: price, promotions, tax, stock lock + FEFO, sale, lines, payment, ledger, audit, idempotency key), 20 concurrent, ${seconds} s`);
  console.log('| path | sales/s | p50 ms | p99 ms | failed |\n|---|---|---|---|---|');
  const { http, direct } = r.checkout;
  console.log(`| HTTP POST /api/sales | ${f(http.perSecond)} | ${http.p50} | ${http.p99} | ${http.failed} |`);
  console.log(`| same transaction called directly | ${f(direct.perSecond)} | ${f(direct.p50, 1)} | ${f(direct.p99, 1)} | ${direct.failed} |`);
  console.log(`HTTP reaches ${f((http.perSecond / direct.perSecond) * 100)}% of the direct rate.${direct.perCommit ? ` SQLite group commit: ${f(direct.perCommit, 1)} checkouts per COMMIT in the direct run.` : ''}`);
  console.log(`\nA year of data: ${r.year.sales} sales, ${r.year.saleLines} sale lines, ${r.year.supplies} supplies (generated in ${f(r.year.seconds)} s)`);
  console.log('| request | p50 ms | p95 ms | KB |\n|---|---|---|---|');
  for (const x of r.reports) console.log(`| ${x.name} | ${f(x.p50)} | ${f(x.p95)} | ${f(x.kb, 1)} |`);
  console.log('\n| CSV export | seconds | rows | MB |\n|---|---|---|---|');
  for (const x of r.exports) console.log(`| ${x.name} | ${f(x.seconds, 2)} | ${x.rows} | ${f(x.mb, 1)} |`);
  const { idle, underReports } = r.checkoutWithReports;
  console.log(`\nCheckout, 10 tills on the year's data, idle before the reports: p50 ${idle.before.p50} ms, p99 ${idle.before.p99} ms, ${f(idle.before.perSecond)} sales/s; after: p50 ${idle.after.p50} ms, p99 ${idle.after.p99} ms, ${f(idle.after.perSecond)} sales/s`);
  console.log(`…while 2 managers ran ${underReports.reportPages} report pages: p50 ${underReports.p50} ms, p99 ${underReports.p99} ms, ${f(underReports.perSecond)} sales/s, failed ${underReports.failed}`);
}

/** The goals of issue 23 (and issue 8's that it kept), per database: [what, figure, met]. */
function targets(r, web) {
  const search = r.reads.find((x) => x.url.startsWith('/api/products?q='));
  const slowestReport = Math.max(...r.reports.map((x) => x.p95));
  const ratio = r.checkout.http.perSecond / r.checkout.direct.perSecond;
  const { idle, underReports } = r.checkoutWithReports;
  const checkoutGoal = r.database === 'sqlite' ? 1000 : 400;
  const rows = [
    ['product search ≥ 2,700 req/s', `${search.perSecond.toFixed(0)} req/s`, search.perSecond >= 2700],
    ['product search p99 ≤ 10 ms', `${search.p99} ms`, search.p99 <= 10],
    ['checkout ≥ 1,000 sales/s on SQLite, ≥ 400 on PostgreSQL', `${r.checkout.http.perSecond.toFixed(0)} sales/s`, r.checkout.http.perSecond >= checkoutGoal],
    ['checkout ≥ 40% of the direct-DB limit', `${(ratio * 100).toFixed(0)}%`, ratio >= 0.4],
    ['reports and dashboard ≤ 300 ms (slowest p95)', `${slowestReport.toFixed(0)} ms`, slowestReport <= 300],
    ['checkout p99 ≤ 50 ms while reports run', `${underReports.p99} ms`, underReports.p99 <= 50],
    ['checkout while reports run ≥ 80% of idle (the mean of before and after)', `${((underReports.perSecond / idle.perSecond) * 100).toFixed(0)}%`, underReports.perSecond >= 0.8 * idle.perSecond],
    ['server RSS ≤ 120 MB idle', `${r.idleRssMB.toFixed(0)} MB`, r.idleRssMB <= 120],
    ['server RSS ≤ 250 MB at its peak over the bench', `${r.peakRssMB.toFixed(0)} MB`, r.peakRssMB <= 250],
  ];
  const yearCsv = r.exports.find((x) => x.name.startsWith('sales-report.csv'));
  if (yearCsv) rows.push(['whole-year sales CSV ≤ 2 s', `${yearCsv.seconds.toFixed(2)} s (${yearCsv.rows} rows)`, yearCsv.seconds <= 2]);
  if (web?.wire) rows.push(['sign-in + shell on the wire ≤ 150 KiB', `${web.wire.signInAndShellKiB.toFixed(0)} KiB`, web.wire.signInAndShellKiB <= 150]);
  return rows;
}

buildIfStale();
const web = webSizes();
const results = { when: new Date().toISOString(), machine: { cores: os.cpus().length, node: process.version }, settings: { seconds, productCount, yearSales }, web, databases: [] };
console.log(`Shop console benchmark — ${os.cpus().length} cores, Node ${process.version}`);
console.log(`Console: initial JS ${web.initialJsKiB.toFixed(1)} KiB gzip in ${web.initialFiles} files; largest lazy chunk ${web.largestLazyChunk?.name} ${web.largestLazyChunk?.kib.toFixed(1)} KiB gzip`);

// Bytes on the wire (docs/decisions/0017-speed-on-the-wire-and-under-load.md): a new browser signs in and opens the dashboard.
if (process.env.BENCH_WIRE !== 'off') {
  web.wire = JSON.parse(execFileSync(tsx, [path.join(root, 'bench/wire.ts')], { cwd: root, encoding: 'utf8', timeout: 300_000 }).trim().split('\n').pop());
  const w = web.wire;
  console.log(
    `On the wire, a new browser (Chromium, nothing cached): the sign-in screen ${w.signInScreenKiB.toFixed(0)} KiB; + signing in to the shell and the dashboard's figures ${w.signInAndShellKiB.toFixed(0)} KiB; + the dashboard's charts ${w.withDashboardKiB.toFixed(0)} KiB ` +
      `(${w.responses} responses: scripts ${w.byKind.script.toFixed(0)}, styles ${w.byKind.style.toFixed(0)}, fonts ${w.byKind.font.toFixed(0)}, API ${w.byKind.api.toFixed(0)} KiB)`,
  );
}

// Printing (docs/decisions/0015-printing.md): a Khmer receipt drawn and encoded on the server's printing worker.
results.printing = JSON.parse(execFileSync(tsx, [path.join(root, 'bench/printing.ts')], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop());
{
  const p = results.printing;
  console.log(`Printing: an 8-line Khmer receipt drawn + encoded as ESC/POS raster on the printing worker: 58 mm p50 ${p['58'].p50.toFixed(0)} ms (${p['58'].kb.toFixed(0)} KB), 80 mm p50 ${p['80'].p50.toFixed(0)} ms, p95 ${p['80'].p95.toFixed(0)} ms (${p['80'].kb.toFixed(0)} KB); event loop held at most ${p.eventLoopLagMs.toFixed(0)} ms meanwhile; sent to a loopback printer p50 ${p.send.p50.toFixed(0)} ms`);
}

// The till with a big catalogue (docs/decisions/0016-offline-selling.md, "A big catalogue"): 50,000 products, Chromium with the CPU slowed 4×.
if (process.env.BENCH_TILL !== 'off') {
  results.till = JSON.parse(
    execFileSync(tsx, [path.join(root, 'bench/till-catalog.ts'), process.env.BENCH_TILL_PRODUCTS ?? '50000'], { cwd: root, encoding: 'utf8', timeout: 600_000 }).trim().split('\n').pop(),
  );
  const t = results.till;
  const kb = (answer) => (answer ? `${(answer.bytes / 1024).toFixed(1)} KB (${answer.status}, ${answer.encoding})` : 'not seen');
  console.log(`\nThe till with ${t.products} products, Chromium, CPU slowed 4×`);
  console.log('| figure | measured | goal |\n|---|---|---|');
  console.log(`| first catalogue load on the wire | ${kb(t.firstLoad)} (${(t.uncompressedKB / 1024).toFixed(1)} MB uncompressed) | compact and compressed (was 8.5 MB) |`);
  console.log(`| delta poll, nothing changed | ${kb(t.pollUnchanged)} | no body |`);
  console.log(`| delta poll, one price changed | ${kb(t.pollOnePrice)} | the changed row |`);
  const pair = (figure) => `${figure.p50.toFixed(0)} / ${figure.p95.toFixed(0)} ms`;
  console.log(`| till ready, fresh load (navigation → first cards on screen) | ${t.readyFreshMs.toFixed(0)} ms | — (was 1.6 s) |`);
  console.log(`| till ready from cache (reload → first cards on screen), p50 / p95 of ${t.readyFromCacheMs.n} | ${pair(t.readyFromCacheMs)} | ≤ 1000 ms |`);
  console.log(`| … the first cards in the page (before their frame), p50 / p95 | ${pair(t.readyFromCacheDrawnMs)} | — |`);
  console.log(`| … the same reload with the demo shop's few products (the console's own start), on screen · in the page, p50 / p95 | ${pair(t.readySmallCatalogMs)} · ${pair(t.readySmallCatalogDrawnMs)} | — |`);
  console.log(`| … the whole catalogue read back and searchable (reload → last chunk), p50 / p95 | ${pair(t.wholeFromCacheMs)} | — |`);
  console.log(`| … reading the kept catalogue (first chunk, then the rest chunk by chunk between other work), p50 / p95 | ${pair(t.catalogReadMs)} | — |`);
  console.log(`| add to cart, tap → the line in the page, p50 / p95 of ${t.addToCartInPageMs.n} | ${pair(t.addToCartInPageMs)} | ≤ 50 ms |`);
  console.log(`| add to cart, tap → the frame that shows it, p50 / p95 | ${pair(t.addToCartMs)} | ≤ 50 ms |`);
  console.log(`| search, keystroke → the matches in the page, p50 / p95 of ${t.searchKeystrokeInPageMs.n} | ${pair(t.searchKeystrokeInPageMs)} | ≤ 50 ms |`);
  console.log(`| search, keystroke → the frame that shows them, p50 / p95 | ${pair(t.searchKeystrokeMs)} | ≤ 50 ms |`);
}

results.databases.push(await benchDatabase(''));
printDatabase(results.databases[0]);

let pgUrl = process.env.BENCH_DATABASE_URL ?? '';
let cluster = null;
if (!pgUrl && process.env.BENCH_POSTGRES !== 'off') {
  const { findPostgresBin, startPostgresCluster } = await tsImport('../apps/server/test/support/postgres-cluster.ts', import.meta.url);
  const bin = findPostgresBin();
  if (bin) {
    cluster = await startPostgresCluster(bin, { durable: true });
    pgUrl = cluster.url;
  } else {
    console.log('\nPostgreSQL binaries not found (apt-get install postgresql): PostgreSQL not measured.');
  }
}
if (pgUrl) {
  try {
    results.databases.push(await benchDatabase(pgUrl));
    printDatabase(results.databases[1]);
  } finally {
    cluster?.stop();
  }
}

console.log('\n## Targets\n');
const perDatabase = results.databases.map((r, index) => targets(r, index === 0 ? web : null));
console.log(`| target | ${results.databases.map((r) => r.database).join(' | ')} |\n|---|${results.databases.map(() => '---|').join('')}`);
const names = [...new Set(perDatabase.flat().map(([name]) => name))];
for (const name of names) {
  const cells = perDatabase.map((rows) => {
    const row = rows.find(([n]) => n === name);
    return row ? `${row[1]} ${row[2] ? 'met' : 'NOT met'}` : '—';
  });
  console.log(`| ${name} | ${cells.join(' | ')} |`);
}
results.targets = Object.fromEntries(results.databases.map((r, index) => [r.database, perDatabase[index].map(([name, figure, met]) => ({ name, figure, met }))]));
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\nWritten to bench/results/latest.json');
