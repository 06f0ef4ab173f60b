import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { priceSale } from '@shop/contracts/pricing';
import { DEMO_PASSWORD } from '../../src/seed';
import { freePort } from './postgres-cluster';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server, as `npm start` runs it (the test command builds before the suites run). */
export const builtServer = path.join(serverRoot, 'dist/main.js');
export const repoRoot = path.resolve(serverRoot, '../..');

const running = new Set<ChildProcess>();
// A worker that dies before its afterAll must not leave servers holding ports and databases.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ServerProcess {
  base: string;
  pid: number;
  /** SIGKILL, as a crash or a power cut would stop it; resolves once it has gone. */
  kill(): Promise<void>;
  /** SIGTERM, the graceful stop; resolves once it has gone. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** One GET over HTTP or HTTPS (trusting `ca`): its status and headers; a connection that fails rejects. */
export function getOnce(url: string, ca?: Buffer): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { ca, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
  });
}

/**
 * Starts the built server on a free loopback port and waits until it answers /api/health. With
 * HTTPS_CERT in the environment it is reached over https, trusting `ca`.
 */
export async function startServer(databaseEnv: Record<string, string>, options: { ca?: Buffer } = {}): Promise<ServerProcess> {
  if (!fs.existsSync(builtServer)) throw new Error(`${builtServer} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const child = spawn(process.execPath, [builtServer], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'error',
      ...databaseEnv,
    },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const base = `${databaseEnv.HTTPS_CERT ? 'https' : 'http'}://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health within 30 s: ${stderr}`);
    }
    const healthy = await getOnce(`${base}/api/health`, options.ca).then(
      (r) => r.status === 200,
      () => false,
    );
    if (healthy) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const signal = async (name: NodeJS.Signals) => {
    child.kill(name);
    await exited(child);
  };
  return { base, pid: child.pid!, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };
}

/** For afterAll: every server this file started and has not stopped yet is killed. */
export async function stopAllServers() {
  await Promise.all([...running].map(async (child) => {
    child.kill('SIGKILL');
    await exited(child);
  }));
}

export interface HttpAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many shapes, checked by the tests
  body: any;
  replayed: boolean;
}

/** One JSON call over HTTP; a connection that breaks (the server was killed) rejects. */
export async function request(base: string, token: string | null, method: string, url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

export async function signIn(base: string, email: string): Promise<string> {
  const answer = await request(base, null, 'POST', '/api/login', { email, password: DEMO_PASSWORD });
  if (answer.status !== 200) throw new Error(`sign-in as ${email} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.access_token as string;
}

export interface ShopProduct {
  id: number;
  price: number;
}

/** New tracked products, without promotions, each received with `quantity` on hand through the API. */
export async function stockedProducts(base: string, managerToken: string, count: number, quantity: number): Promise<ShopProduct[]> {
  const categories = (await request(base, managerToken, 'GET', '/api/categories?per_page=1000')).body.data;
  const units = (await request(base, managerToken, 'GET', '/api/units?per_page=1000')).body.data;
  const tag = crypto.randomBytes(3).toString('hex');
  const products: ShopProduct[] = [];
  for (let n = 0; n < count; n += 1) {
    const price = 0.75 + n * 0.55;
    const created = await request(base, managerToken, 'POST', '/api/products', {
      name: `Test item ${tag} ${n}`,
      sku: `T-${tag}-${n}`,
      category_id: categories[0].id,
      unit_id: units[0].id,
      price,
    });
    if (created.status !== 201) throw new Error(`product create answered ${created.status} ${JSON.stringify(created.body)}`);
    const received = await request(base, managerToken, 'POST', '/api/stocks', { product_id: created.body.data.id, quantity, price_in: 0.3 });
    if (received.status !== 201) throw new Error(`stock receipt answered ${received.status} ${JSON.stringify(received.body)}`);
    products.push({ id: created.body.data.id, price });
  }
  return products;
}

export interface SaleLine {
  product: ShopProduct;
  quantity: number;
}

/** A POST /api/sales body as the till sends it, totalled with the demo shop's 10% tax added. */
export function saleBody(lines: SaleLine[]) {
  const cents = (amount: number) => Math.round(amount * 100);
  const pricing = priceSale(
    lines.map((l) => ({ quantity: l.quantity, unitPriceCents: cents(l.product.price), discountBp: 0 })),
    { taxEnabled: true, taxInclusive: false, taxRateBp: 1000, serviceBp: 0 },
  );
  return {
    sale_date: new Date().toISOString(),
    payment_method: 'Card',
    items: lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity, unit_price: l.product.price })),
    total_amount: pricing.totalCents / 100,
  };
}

/** 1–3 lines of 1–3 units of the given products, picked at random. */
export function randomSaleBody(products: ShopProduct[]) {
  const pool = [...products].sort(() => Math.random() - 0.5);
  const lineCount = 1 + crypto.randomInt(3);
  return saleBody(pool.slice(0, lineCount).map((product) => ({ product, quantity: 1 + crypto.randomInt(3) })));
}

export const newIdempotencyKey = () => `test-${crypto.randomUUID()}`;
