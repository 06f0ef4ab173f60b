import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, toast } from './support';

const products = (page: Page) => page.getByRole('list', { name: 'Products' });
const card = (page: Page, name: string) => products(page).getByRole('button', { name: new RegExp(`^${name} `) });
const cart = (page: Page) => page.getByRole('region', { name: /^Cart/ });

async function apiToken(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/login', { data: account });
  return ((await response.json()) as { access_token: string }).access_token;
}

test.describe('point of sale', () => {
  test('rings up a three-line sale with a promotion, takes cash with change, and the stock goes down', async ({ page }) => {
    await signIn(page, DEMO.staff, { at: '/sale' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Point of Sale');
    await expect(page.getByRole('button', { name: /^Pay \$/ })).toBeDisabled();
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (0)');

    const stockOf = async (name: string) => Number((await card(page, name).textContent())?.match(/(\d+) left/)?.[1] ?? NaN);
    const croissantsBefore = await stockOf('Butter Croissant');
    const muffinsBefore = await stockOf('Banana Muffin');
    expect(muffinsBefore).toBeGreaterThan(0);

    // Iced Latte has the demo's 10% promotion: $2.75 less $0.28.
    await expect(card(page, 'Iced Latte')).toContainText('10% off');
    // Drinks open their options' chooser with the defaults chosen: Add takes them, and the same options again join the line.
    const add = (name: string) => page.getByRole('dialog', { name }).getByRole('button', { name: /^Add / }).click();
    await card(page, 'Iced Latte').click();
    await add('Iced Latte');
    await card(page, 'Iced Latte').click();
    await add('Iced Latte');
    await card(page, 'Espresso').click();
    await add('Espresso');
    // A scanner types the SKU and Enter.
    await page.getByPlaceholder('Search products...').fill('BAK-003');
    await page.keyboard.press('Enter');
    await expect(page.getByPlaceholder('Search products...')).toHaveValue('');
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (4)');
    await expect(cart(page).getByRole('listitem')).toHaveCount(3);

    // Minus never goes below 1; plus adds one.
    await expect(cart(page).getByRole('button', { name: 'One less Espresso' })).toBeDisabled();
    await cart(page).getByRole('button', { name: 'One more Espresso' }).click();
    await cart(page).getByRole('button', { name: 'One less Espresso' }).click();

    // 2 × 2.75 + 1.50 + 1.50 = 8.50 gross, 0.56 off, 7.94 + 0.79 tax = 8.73.
    const totals = cart(page).locator('dl');
    await expect(totals).toContainText('Subtotal$8.50');
    await expect(totals).toContainText('Discount−$0.56');
    await expect(totals).toContainText('Tax$0.79');
    await expect(totals).toContainText('Total$8.73');

    // The cart survives a reload.
    await page.reload();
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (4)');

    await page.getByRole('button', { name: 'Pay $8.73' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
    // $8.73 is ៛35,793 at the shop's ៛4,100, asked for as ៛35,800.
    await expect(dialog).toContainText('In riel៛35,800');
    const cash = dialog.getByLabel('Cash in dollars', { exact: true });
    await expect(cash).toBeFocused();
    const pay = dialog.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeDisabled();
    await cash.fill('5');
    await expect(dialog.getByRole('status')).toHaveText('Remaining due: $3.73 or ៛15,300');
    await expect(pay).toBeDisabled();
    await cash.fill('');
    await dialog.getByRole('button', { name: 'Add cash $10.00' }).click();
    await expect(cash).toHaveValue('10.00');
    // $1.27 back: one dollar, and 27 cents in riel (៛1,107) rounded down to ៛1,100.
    await expect(dialog.getByRole('status')).toHaveText('Change: $1.00 + ៛1,100 (or all in riel: ៛5,200)');
    await pay.click();

    await expect(toast(page, /✅ Sale recorded successfully!/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (0)');
    // The change stays up, in large type, as the server recorded it.
    const change = cart(page).getByRole('region', { name: 'Change to give' });
    await expect(change.getByRole('status')).toContainText('$1.00 + ៛1,100');
    await expect(change).toContainText('or all in riel: ៛5,200');
    await expect(change).toContainText('Paid $8.73: Cash');
    const lastSale = change.getByText(/^SO-\d{6}$/);

    // The muffin left the shelf; the croissants are untouched.
    await expect(card(page, 'Banana Muffin')).toContainText(`${muffinsBefore - 1} left`);
    await expect(card(page, 'Butter Croissant')).toContainText(`${croissantsBefore} left`);
    const code = (await lastSale.textContent())!.match(/SO-\d{6}/)![0];

    // The receipt prints from the till, and the sale is on the orders screen.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.locator('#main').getByRole('button', { name: 'Print receipt' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await expect(page.locator('.receipt-print-root')).toContainText(code);
    const token = await apiToken(page, DEMO.staff);
    const sales = await page.request.get(`/api/sales?q=${code}`, { headers: { authorization: `Bearer ${token}` } });
    const sale = ((await sales.json()) as { data: { total: number; tendered: number; change: number; items_count: number; payment_method: string }[] }).data[0]!;
    expect(sale).toMatchObject({ total: 8.73, tendered: 10, change: 1.27, change_usd: 1, change_khr: 1100, change_all_khr: 5200, items_count: 3, payment_method: 'Cash' });

    await page.goto('/orders');
    await page.getByPlaceholder(/Search/).first().fill(code);
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('$8.73');
  });

  test('an out-of-stock product is marked and refused', async ({ page }) => {
    await signIn(page, DEMO.staff);
    const token = await apiToken(page, DEMO.manager);
    const headers = { authorization: `Bearer ${token}` };
    const categories = (await (await page.request.get('/api/categories?per_page=1', { headers })).json()) as { data: { id: number }[] };
    const units = (await (await page.request.get('/api/units?per_page=1', { headers })).json()) as { data: { id: number }[] };
    const name = `Sold Out Tart ${Date.now().toString(36)}`;
    const created = await page.request.post('/api/products', {
      headers,
      data: { name, sku: `TART-${Date.now().toString(36)}`.toUpperCase(), category_id: categories.data[0]!.id, unit_id: units.data[0]!.id, price: 2, track_stock: true },
    });
    expect(created.status()).toBe(201);

    await page.goto('/sale');
    await page.getByPlaceholder('Search products...').fill(name);
    await expect(card(page, name)).toContainText('Out of stock');
    await card(page, name).click();
    await expect(toast(page, `Only 0 left of ${name}`)).toBeVisible();
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (0)');
  });

  test('a new tax rate saved on the Settings screen prices the next cart', async ({ page }) => {
    const admin = { authorization: `Bearer ${await apiToken(page, DEMO.admin)}` };
    try {
      await signIn(page, DEMO.admin, { at: '/settings?tab=taxes' });
      const taxes = page.getByRole('tabpanel', { name: 'Taxes' });
      await taxes.getByLabel('Tax rate (%)').fill('5');
      await taxes.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Settings saved').last()).toBeVisible();

      await page.goto('/sale');
      await card(page, 'Espresso').click();
      // A drink: its options' chooser opens with the defaults chosen; Add takes them.
      await page.getByRole('dialog', { name: 'Espresso' }).getByRole('button', { name: /^Add / }).click();
      await expect(cart(page).getByText('Tax 5%')).toBeVisible();
      await expect(cart(page).locator('dl')).toContainText('Total$1.58');
      await cart(page).getByText('Tax 5%').click();
      await expect(cart(page).getByRole('switch', { name: 'Tax 5%' })).not.toBeChecked();
      await expect(cart(page).locator('dl')).toContainText('Total$1.50');
      await cart(page).getByRole('button', { name: 'Remove Espresso' }).click();
    } finally {
      await page.request.put('/api/settings/taxes', { headers: admin, data: { enabled: true, inclusive: false, rate: 10 } });
    }
  });
});
