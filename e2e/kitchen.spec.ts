import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, signIn, toast, uniqueSuffix } from './support';

type Catalog = {
  products: { id: number; sku: string; name: string }[];
  modifier_groups: { name: string; options: { id: number; name: string }[] }[];
};
type Ticket = { id: number; number: number; order_id: number | null; station: string };

/** Staff's bearer headers, as a till's would be. */
async function staffHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { email: DEMO.staff.email, password: DEMO.staff.password } });
  expect(login.ok()).toBe(true);
  const { access_token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** Places an order as a till does (POST /api/open-orders) and answers each station's ticket number for it. */
async function placeOrder(request: APIRequestContext, headers: Record<string, string>, order: Record<string, unknown>) {
  const placed = await request.post('/api/open-orders', { headers, data: order });
  expect(placed.status(), await placed.text()).toBe(201);
  const { id } = ((await placed.json()) as { data: { id: number } }).data;
  const numbers: Record<string, number> = {};
  for (const station of ['Bar', 'Kitchen']) {
    const board = ((await (await request.get(`/api/kitchen/tickets?station=${station}`, { headers })).json()) as { data: Ticket[] }).data;
    const ticket = board.find((one) => one.order_id === id);
    if (ticket) numbers[station] = ticket.number;
  }
  return numbers;
}

test('the bar sees its ticket with the options and note, bumps it, recalls it, and new orders appear by themselves', async ({ page }) => {
  test.setTimeout(60_000);
  const headers = await staffHeaders(page.request);
  const catalog = ((await (await page.request.get('/api/pos/catalog', { headers })).json()) as { data: Catalog }).data;
  const product = (sku: string) => catalog.products.find((one) => one.sku === sku)!.id;
  const option = (group: string, name: string) => catalog.modifier_groups.find((one) => one.name === group)!.options.find((one) => one.name === name)!.id;

  const first = await placeOrder(page.request, headers, {
    table: '4',
    service: 'dine_in',
    lines: [
      { product_id: product('COF-006'), quantity: 1, modifiers: [option('Size', 'L'), option('Sugar', '50% sugar'), option('Ice', 'Less ice')], note: 'No condensed milk' },
      { product_id: product('BAK-001'), quantity: 1 },
    ],
  });
  expect(first.Bar).toBeDefined();
  expect(first.Kitchen).toBeDefined();

  await signIn(page, DEMO.staff);
  await page.getByRole('link', { name: 'Kitchen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kitchen display' })).toBeVisible();
  await page.getByRole('group', { name: 'Station' }).getByRole('button', { name: 'Bar' }).click();

  const bar = page.getByRole('article', { name: `#${first.Bar} · Table 4` });
  await expect(bar).toBeVisible();
  const latte = bar.getByRole('button', { name: /Iced Latte/ });
  await expect(latte).toContainText('L · 50% sugar · Less ice');
  await expect(latte).toContainText('No condensed milk');
  await expect(bar).not.toContainText('Croissant');

  await page.getByRole('button', { name: 'Kitchen', exact: true }).click();
  await expect(page.getByRole('article', { name: `#${first.Kitchen} · Table 4` })).toContainText('Croissant');

  // Bump the bar's ticket: it leaves the board and waits under Recall.
  await page.getByRole('button', { name: 'Bar', exact: true }).click();
  await bar.getByRole('button', { name: `Done: ticket ${first.Bar}` }).click();
  await expect(bar).toHaveCount(0);
  await expect(toast(page, new RegExp(`^Ticket ${first.Bar} done`))).toBeVisible();
  await page.getByRole('button', { name: 'Recall', exact: true }).click();
  const recall = page.getByRole('dialog', { name: 'Recall a ticket' });
  await recall.getByRole('button', { name: `Recall ticket ${first.Bar}` }).click();
  await expect(recall).toBeHidden();
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('button', { name: /Iced Latte/ })).toBeEnabled();

  // A second order from a till shows up without a reload.
  const name = `Dara ${uniqueSuffix()}`;
  const second = await placeOrder(page.request, headers, { name, service: 'take_away', lines: [{ product_id: product('COF-006'), quantity: 2 }] });
  await expect(page.getByRole('article', { name: `#${second.Bar} · ${name}` })).toContainText('Take-away', { timeout: 5_000 });
});
