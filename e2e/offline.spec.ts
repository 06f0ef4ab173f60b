import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, signIn, toast, uniqueSuffix } from './support';

/*
 * Selling through outages (docs/decisions/0016-offline-selling.md). These tests run their own
 * server on its own database, so they can stop it, kill it mid-sync and start it again on the
 * same data, and let the console's service worker run (the other specs block it).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3210) + 47;
const BASE = `http://127.0.0.1:${PORT}`;

/** The real server as a process of this test: started, stopped or killed, always on the same data folder. */
class ShopServer {
  private readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-offline-'));
  private child: ChildProcess | null = null;
  /** Requests seen since the last start, as the server logged them. */
  posts = 0;

  async start(options: { killOnSale?: number } = {}): Promise<void> {
    this.posts = 0;
    const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: this.dataDir, LOGIN_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'info', DEMO_PRINTER: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('"incoming request"') || !line.includes('"method":"POST"') || !line.includes('"url":"/api/sales"')) continue;
        this.posts += 1;
        // Killed as this sale is on its way in: it may or may not be written, never half.
        if (options.killOnSale === this.posts) child.kill('SIGKILL');
      }
    });
    for (let tries = 0; tries < 120; tries += 1) {
      if (child.exitCode !== null) throw new Error(`the server stopped while starting (${child.exitCode})`);
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the server did not start');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Resolves once the server has gone (killed by `killOnSale`). */
  async exited(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    this.child = null;
  }

  remove(): void {
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}

const server = new ShopServer();

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ baseURL: BASE, serviceWorkers: 'allow' });

test.beforeAll(async () => {
  await server.start();
});

test.afterAll(async () => {
  await server.stop();
  server.remove();
});

type ApiSale = { id: number; code: string; total: number; tendered_khr: number; offline: { client_id: string; number: string } | null; payments: { method_key: string; currency: string; amount: number; khqr: { md5: string } | null }[] };
type Product = { id: number; name: string; sku: string; price: number; stock: number };

async function managerHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/login', { data: { email: DEMO.manager.email, password: DEMO.manager.password } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** The sales the server has that were made offline, newest first. */
async function offlineSales(request: APIRequestContext, headers: Record<string, string>): Promise<ApiSale[]> {
  const list = (await (await request.get('/api/sales?per_page=100', { headers })).json()) as { data: ApiSale[] };
  const offline = list.data.filter((sale) => sale.offline !== null);
  return Promise.all(offline.map(async (sale) => ((await (await request.get(`/api/sales/${sale.id}`, { headers })).json()) as { data: ApiSale }).data));
}

async function productBySku(request: APIRequestContext, headers: Record<string, string>, sku: string): Promise<Product> {
  const list = (await (await request.get(`/api/products?q=${encodeURIComponent(sku)}&per_page=5&include=stock`, { headers })).json()) as { data: Product[] };
  return list.data.find((product) => product.sku === sku)!;
}

/**
 * The till, open, controlled by the service worker, and with its catalogue and settings kept for
 * offline use (and whatever else `kept` names, as it appears in the kept queries).
 */
async function openTill(page: Page, kept: string[] = []) {
  await page.goto('/sale');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Point of Sale');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByPlaceholder('Search products...')).toBeVisible();
  // The kept catalogue is saved a moment after it arrives.
  await expect
    .poll(
      () =>
        page.evaluate(
          (kept) =>
            new Promise<boolean>((resolve) => {
              const open = indexedDB.open('shop-till');
              open.onsuccess = () => {
                // The settings in the kept queries, the catalogue in its own stores.
                const tx = open.result.transaction(['cache', 'catalog_meta']);
                const queries = tx.objectStore('cache').get('queries');
                const catalog = tx.objectStore('catalog_meta').get('catalog');
                tx.oncomplete = () =>
                  resolve(typeof queries.result === 'string' && ['"settings"', ...kept].every((part) => (queries.result as string).includes(part)) && catalog.result !== undefined);
                tx.onerror = () => resolve(false);
              };
              open.onerror = () => resolve(false);
            }),
          kept,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** Rings up one product by its SKU and pays as told; resolves when the change panel shows the sale kept offline. */
async function sellOffline(page: Page, sku: string, how: 'cash' | 'riel' | 'khqr') {
  const scanBox = page.getByPlaceholder('Search products...');
  await scanBox.fill(sku);
  await scanBox.press('Enter');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
  if (how === 'riel') await dialog.getByRole('button', { name: 'Add cash ៛20,000' }).click();
  else if (how === 'cash') await dialog.getByRole('button', { name: 'Add cash $5.00' }).click();
  else {
    await dialog.getByRole('button', { name: 'KHQR in dollars', exact: true }).click();
    await dialog.getByRole('button', { name: 'Show QR' }).click();
    const khqr = page.getByRole('dialog', { name: 'Pay with KHQR' });
    // Made on the till from the kept Bakong account: the cashier confirms on the customer's app.
    await expect(khqr.getByRole('img', { name: /KHQR for/ })).toBeVisible();
    await khqr.getByRole('button', { name: /Received/ }).click();
    await expect(khqr).toBeHidden();
  }
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(dialog).toBeHidden();
  const status = page.getByTestId('offline-sale-status');
  await expect(status).toContainText(/Sold offline as T\d+-\d{4}/);
  await page.getByRole('button', { name: 'New sale' }).click();
}

const badge = (page: Page) => page.getByTestId('connection-status');

async function cut(context: BrowserContext) {
  await context.setOffline(true);
  await server.stop();
}

async function restore(context: BrowserContext) {
  await server.start();
  await context.setOffline(false);
}

test('the demo shop has a sale made offline at an older price, listed for review on the Sales Report', async ({ page }) => {
  await signIn(page, DEMO.manager, { at: '/report-sale' });
  const panel = page.getByRole('region', { name: 'Sold offline: to review' });
  const row = panel.getByRole('row').filter({ hasText: 'T1-0001' });
  await expect(row).toContainText('Sold at another price');
  await expect(row).toContainText('Blueberry Muffin');
  await expect(row).toContainText('$1.60 at the till, $1.80 now');
});

test('20 sales through a network and server outage, with a reload, reach the server exactly once', async ({ page, context, request }) => {
  const headers = await managerHeaders(request);
  // The demo shop's own sale made offline is there already.
  const seeded = new Set((await offlineSales(request, headers)).map((sale) => sale.id));
  const muffinBefore = await productBySku(request, headers, 'BAK-003');
  await signIn(page, DEMO.staff);
  await openTill(page);

  await cut(context);
  for (let sale = 0; sale < 20; sale += 1) {
    await sellOffline(page, 'BAK-003', sale === 0 ? 'riel' : sale === 1 ? 'khqr' : 'cash');
    await expect(badge(page)).toContainText(`Unsynced: ${sale + 1}`);
    if (sale === 9) {
      // The page reloads with no network and no server: the app and its catalogue come from the device.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Point of Sale');
      await expect(page.getByTestId('till-offline')).toBeVisible();
      await expect(badge(page)).toContainText('Unsynced: 10');
      // The header's "Offline" says it; the shell's failed calls add no toast.
      await expect(toast(page, 'Network error — check your connection.')).toHaveCount(0);
    }
  }
  // Signing out would leave the sales behind: it waits, and says why.
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeDisabled();
  await expect(page.getByRole('note').filter({ hasText: 'Sales made offline not yet on the server: 20.' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The badge only ever counts down as the sales go, then goes.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { badgeSeen: string[] }).badgeSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="connection-status"]')?.textContent ?? '';
      if (seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await restore(context);
  await expect(badge(page)).toBeHidden({ timeout: 90_000 });
  const counts = (await page.evaluate(() => (window as unknown as { badgeSeen: string[] }).badgeSeen))
    .map((text) => Number(/Unsynced: (\d+)/.exec(text)?.[1] ?? 0));
  expect(counts.at(-1)).toBe(0);
  for (let index = 1; index < counts.length; index += 1) expect(counts[index]).toBeLessThanOrEqual(counts[index - 1]!);

  const sales = (await offlineSales(request, headers)).filter((sale) => !seeded.has(sale.id));
  expect(sales).toHaveLength(20);
  expect(new Set(sales.map((sale) => sale.offline!.client_id)).size).toBe(20);
  expect(new Set(sales.map((sale) => sale.offline!.number)).size).toBe(20);
  expect(sales.filter((sale) => sale.payments.some((payment) => payment.method_key === 'cash' && payment.currency === 'KHR' && payment.amount === 20_000))).toHaveLength(1);
  expect(sales.filter((sale) => sale.payments.some((payment) => payment.method_key === 'khqr' && /^[0-9a-f]{32}$/.test(payment.khqr?.md5 ?? '')))).toHaveLength(1);
  // Each took its muffin off the shelf, once.
  expect((await productBySku(request, headers, 'BAK-003')).stock).toBe(muffinBefore.stock - 20);

  // The change panel's last sale now shows the number the server gave it.
  await expect(page.getByTestId('offline-sale-status')).toBeHidden();
});

test('the server killed in the middle of a sync: after restart, each sale is there exactly once', async ({ page, context, request }) => {
  const headers = await managerHeaders(request);
  const before = (await offlineSales(request, headers)).length;
  await signIn(page, DEMO.staff);
  await openTill(page);
  await cut(context);
  for (let sale = 0; sale < 8; sale += 1) await sellOffline(page, 'BAK-001', 'cash');
  await expect(badge(page)).toContainText('Unsynced: 8');

  // The server comes back, takes a few sales and dies (kill -9) while the fourth is on its way.
  await server.start({ killOnSale: 4 });
  await context.setOffline(false);
  await server.exited();
  await expect(badge(page)).toContainText(/Unsynced: [1-8]/);
  await server.start();
  await expect(badge(page)).toBeHidden({ timeout: 90_000 });

  const sales = await offlineSales(request, headers);
  expect(sales.length - before).toBe(8);
  expect(new Set(sales.map((sale) => sale.offline!.client_id)).size).toBe(sales.length);
});

test('two tills sell the last 3 units offline 3 times each, one at a price changed meanwhile: all 6 arrive, on-hand is −3, and both are listed for review', async ({ browser, request }) => {
  const headers = await managerHeaders(request);
  const suffix = uniqueSuffix();
  const first = async (list: string) => ((await (await request.get(`/api/${list}?per_page=1`, { headers })).json()) as { data: { id: number }[] }).data[0]!.id;
  const name = `Last Tart ${suffix}`;
  const sku = `LAST-${suffix}`.toUpperCase();
  const created = await request.post('/api/products', { headers, data: { name, sku, category_id: await first('categories'), unit_id: await first('units'), price: 2, track_stock: true } });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { data: { id: number } }).data.id;
  expect((await request.post('/api/stocks', { headers, data: { product_id: productId, quantity: 3, price_in: 1 } })).status()).toBe(201);

  // Two browsers at the counter: a tablet and the Manager's laptop.
  const tills = await Promise.all(
    [0, 1].map(async () => {
      const context = await browser.newContext({ baseURL: BASE, serviceWorkers: 'allow' });
      return { context, page: await context.newPage() };
    }),
  );
  try {
    await signIn(tills[0]!.page, DEMO.staff);
    await signIn(tills[1]!.page, DEMO.manager);
    for (const till of tills) {
      await openTill(till.page);
      await till.context.setOffline(true);
    }
    // Meanwhile the price goes up on the server; the tills still sell at $2.00.
    const product = ((await (await request.get(`/api/products/${productId}`, { headers })).json()) as { data: Record<string, unknown> }).data;
    const raised = await request.put(`/api/products/${productId}`, { headers, data: { name, sku, category_id: product.category_id, unit_id: product.unit_id, price: 2.5, track_stock: true } });
    expect(raised.status(), await raised.text()).toBe(200);

    for (const till of tills) for (let sale = 0; sale < 3; sale += 1) await sellOffline(till.page, sku, 'cash');
    for (const till of tills) await till.context.setOffline(false);
    for (const till of tills) await expect(badge(till.page)).toBeHidden({ timeout: 90_000 });

    const sold = (await offlineSales(request, headers)).filter((sale) => sale.total > 0);
    const ours = (await Promise.all(sold.map(async (sale) => ((await (await request.get(`/api/sales/${sale.id}`, { headers })).json()) as { data: { items: { product_id: number; unit_price: number }[] } }).data)))
      .filter((sale) => sale.items.some((item) => item.product_id === productId));
    expect(ours).toHaveLength(6);
    expect(ours.every((sale) => sale.items[0]!.unit_price === 2)).toBe(true);
    expect((await productBySku(request, headers, sku)).stock).toBe(-3);

    const review = (await (await request.get('/api/sales/offline-review?per_page=100', { headers })).json()) as { data: { kind: string; product: { id: number } | null; till_price: number | null; catalogue_price: number | null }[] };
    const flags = review.data.filter((flag) => flag.product?.id === productId);
    expect(flags.filter((flag) => flag.kind === 'price')).toHaveLength(6);
    expect(flags.find((flag) => flag.kind === 'price')).toMatchObject({ till_price: 2, catalogue_price: 2.5 });
    expect(flags.filter((flag) => flag.kind === 'short_stock').length).toBeGreaterThan(0);
    const notifications = (await (await request.get('/api/notifications?per_page=50', { headers })).json()) as { data: { title: string; body?: string; message?: string }[] };
    expect(JSON.stringify(notifications.data)).toContain(name);
  } finally {
    for (const till of tills) await till.context.close();
  }
});

test('offline after a reload: the till still offers the customers and shows the open orders it kept; the sale syncs with its customer and the order stays open', async ({ page, context, request }) => {
  const headers = await managerHeaders(request);
  const croissant = await productBySku(request, headers, 'BAK-001');
  const table = `T${uniqueSuffix()}`.slice(0, 20);
  const parked = await request.post('/api/open-orders', {
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    data: { table, service: 'dine_in', lines: [{ product_id: croissant.id, quantity: 2 }] },
  });
  expect(parked.status(), await parked.text()).toBe(201);
  const order = ((await parked.json()) as { data: { id: number; code: string } }).data;

  await signIn(page, DEMO.staff);
  // The picker's first page and the open orders are kept with the settings.
  await openTill(page, ['"pos-search"', `"${order.code}"`]);
  await cut(context);
  await page.reload();
  await expect(page.getByTestId('till-offline')).toBeVisible();

  // The kept open orders, to look at only.
  await page.getByRole('button', { name: /^Open orders/ }).click();
  const orders = page.getByRole('dialog', { name: 'Open orders' });
  await expect(orders.getByTestId('open-orders-offline')).toContainText('Parking, adding to, paying and voiding them need the server.');
  await orders.getByRole('button', { name: new RegExp(`Table ${table}`) }).click();
  const details = page.getByRole('dialog', { name: `Table ${table} · ${order.code}` });
  await expect(details.getByText('2 × Butter Croissant')).toBeVisible();
  for (const name of ['Void order', 'Add items', /^Pay all/]) await expect(details.getByRole('button', { name })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  // A kept customer, found by what the cashier types.
  const picker = page.getByRole('combobox', { name: 'Customer' });
  await picker.click();
  await picker.fill('dara');
  await page.getByRole('option', { name: /Dara Kim/ }).click();
  await expect(picker).toHaveValue('Dara Kim');
  await sellOffline(page, 'BAK-005', 'cash');
  await expect(badge(page)).toContainText('Unsynced: 1');

  await restore(context);
  await expect(badge(page)).toBeHidden({ timeout: 90_000 });
  const withCustomer = (await offlineSales(request, headers)).filter((sale) => (sale as ApiSale & { customer_name: string | null }).customer_name === 'Dara Kim');
  expect(withCustomer).toHaveLength(1);
  expect(withCustomer[0]).toMatchObject({ customer_name: 'Dara Kim', items: [{ sku: 'BAK-005' }] });
  // The parked order was never touched: it is open on the server as it was.
  const open = ((await (await request.get(`/api/open-orders/${order.id}`, { headers })).json()) as { data: { status: string; lines: { quantity: number }[] } }).data;
  expect(open).toMatchObject({ status: 'open', lines: [{ quantity: 2 }] });
});
