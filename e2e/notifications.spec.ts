import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn, toast, uniqueSuffix } from './support';

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/**
 * A tracked product with reorder level 5 gets 6 in stock, then 2 are sold: 4 left is at or
 * below the level, so the server raises a low-stock notification for Admins and Managers.
 */
async function causeLowStock(request: APIRequestContext, headers: Record<string, string>, name: string, sku: string) {
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()) as { data: { id: number }[] }).data[0]!.id;
  const created = await request.post('/api/products', {
    headers,
    data: { name, sku, category_id: await first('/api/categories?per_page=1'), unit_id: await first('/api/units?per_page=1'), price: 3, track_stock: true, reorder_level: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { data: { id: number } }).data.id;

  const received = await request.post('/api/stocks', { headers, data: { product_id: productId, quantity: 6, price_in: 1.2 } });
  expect(received.status(), await received.text()).toBe(201);

  const sale = {
    sale_date: new Date().toISOString(),
    payment_method: 'Cash',
    items: [{ product_id: productId, quantity: 2, unit_price: 3 }],
    tax_enabled: false,
    total_amount: 6,
    tendered: 10,
  };
  let sold = await request.post('/api/sales', { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: sale });
  if (sold.status() === 409) {
    // The shop's settings (a service charge, a promotion) priced it differently: send their total.
    const answer = (await sold.json()) as { total_amount?: number; message: string };
    expect(answer.total_amount, answer.message).toBeDefined();
    sold = await request.post('/api/sales', { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: { ...sale, total_amount: answer.total_amount } });
  }
  expect(sold.status(), await sold.text()).toBe(201);
}

async function unreadCount(request: APIRequestContext, headers: Record<string, string>): Promise<number> {
  return ((await (await request.get('/api/notifications/unread-count', { headers })).json()) as { data: { unread: number } }).data.unread;
}

/** The header's bell, named with the unread count. */
function bell(page: Page) {
  return page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
}

const bellName = (unread: number) => (unread > 0 ? `Notifications (${unread} unread)` : 'Notifications');

test('a low-stock sale raises a notification that can be read and deleted, and the badge follows', async ({ page }) => {
  const headers = await adminHeaders(page.request);
  const suffix = uniqueSuffix();
  const name = `Notify Beans ${suffix}`;
  const sku = `NTF-${suffix}`.toUpperCase();
  await causeLowStock(page.request, headers, name, sku);
  const unread = await unreadCount(page.request, headers);
  expect(unread).toBeGreaterThan(0);

  await signIn(page, DEMO.admin);
  await expect(bell(page)).toHaveAccessibleName(bellName(unread));
  await expect(bell(page)).toContainText(unread > 9 ? '9+' : String(unread));
  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);

  const title = `Low stock: ${name}`;
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText(`4 left of ${name} (${sku}); reorder level 5.`);
  await expect(item.getByText('Unread', { exact: true })).toBeVisible();
  await expect(item.getByRole('link', { name: 'Open the stock report' })).toHaveAttribute('href', '/report-stock');

  await item.getByRole('checkbox', { name: `Read: ${title}` }).check();
  await expect(bell(page)).toHaveAccessibleName(bellName(unread - 1));
  await expect(item.getByText('Unread', { exact: true })).toHaveCount(0);
  expect(await unreadCount(page.request, headers)).toBe(unread - 1);

  await item.getByRole('button', { name: `Delete notification: ${title}` }).click();
  await expect(toast(page, 'Notification deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});
