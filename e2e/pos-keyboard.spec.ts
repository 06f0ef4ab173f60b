import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, toast } from './support';

const scanBox = (page: Page) => page.getByPlaceholder('Search products...');
const cart = (page: Page) => page.getByRole('region', { name: /^Cart/ });
const cartLine = (page: Page, name: string) => cart(page).getByRole('listitem').filter({ hasText: name });

async function apiToken(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/login', { data: account });
  return ((await response.json()) as { access_token: string }).access_token;
}

/** The page itself never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

async function expectTapTarget(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

test.describe('point of sale with the keyboard and a scanner', () => {
  test('a whole sale without the mouse: scan, +, F2, cash, Enter; the sale is recorded', async ({ page }) => {
    await signIn(page, DEMO.staff, { at: '/sale' });
    await expect(page.getByRole('list', { name: 'Products' })).toBeVisible();
    await expect(scanBox(page)).toBeFocused();

    // A scanner types the code and Enter.
    await page.keyboard.type('BAK-005');
    await page.keyboard.press('Enter');
    await expect(cartLine(page, 'Cinnamon Roll')).toBeVisible();
    await expect(scanBox(page)).toHaveValue('');
    await expect(scanBox(page)).toBeFocused();
    await page.keyboard.type('COF-002');
    await page.keyboard.press('Enter');
    await expect(cartLine(page, 'Americano')).toHaveAttribute('aria-current', 'true');

    // + adds one to the line just scanned; arrow up selects the roll, + and − change it.
    await page.keyboard.press('+');
    await expect(cartLine(page, 'Americano').getByLabel('Quantity')).toHaveText('2');
    await page.keyboard.press('ArrowUp');
    await expect(cartLine(page, 'Cinnamon Roll')).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('-');
    await expect(cartLine(page, 'Cinnamon Roll').getByLabel('Quantity')).toHaveText('2');
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (4)');

    // A scan while focus is elsewhere still lands in the scan box.
    await page.keyboard.press('Tab');
    await expect(scanBox(page)).not.toBeFocused();
    await page.keyboard.type('COF-002');
    await page.keyboard.press('Enter');
    await expect(cartLine(page, 'Americano').getByLabel('Quantity')).toHaveText('3');
    await page.keyboard.press('-');
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (4)');

    // 2 × 2.00 + 2 × 1.75 = 7.50, plus 10% tax: 8.25.
    await expect(page.getByRole('button', { name: 'Pay $8.25' })).toBeEnabled();
    await page.keyboard.press('F2');
    const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Cash in dollars', { exact: true })).toBeFocused();
    await page.keyboard.type('5');
    // Enter pays only once the total is covered.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toContainText('Remaining due: $3.25');
    await page.keyboard.type('0');
    await expect(dialog.getByRole('status')).toContainText('Change: $41.00 + ៛3,000');
    await page.keyboard.press('Enter');

    await expect(toast(page, /✅ Sale recorded successfully!/)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (0)');
    await expect(scanBox(page)).toBeFocused();
    const change = cart(page).getByRole('region', { name: 'Change to give' });
    await expect(change.getByRole('status')).toContainText('$41.00 + ៛3,000');
    const code = (await change.getByText(/^SO-\d{6}$/).textContent())!;
    // Enter in the empty scan box starts the next sale.
    await page.keyboard.press('Enter');
    await expect(change).toBeHidden();
    await expect(scanBox(page)).toBeFocused();

    const token = await apiToken(page, DEMO.staff);
    const sales = await page.request.get(`/api/sales?q=${code}`, { headers: { authorization: `Bearer ${token}` } });
    const sale = ((await sales.json()) as { data: { code: string; total: number; tendered: number; change: number; items_count: number; payment_method: string }[] }).data[0]!;
    expect(sale).toMatchObject({ code, total: 8.25, tendered: 50, change: 41.75, change_usd: 41, change_khr: 3000, items_count: 2, payment_method: 'Cash' });
  });

  test('Escape cancels the payment and F4 clears the cart', async ({ page }) => {
    await signIn(page, DEMO.staff, { at: '/sale' });
    await expect(scanBox(page)).toBeFocused();
    await page.keyboard.type('COF-001');
    await page.keyboard.press('Enter');
    // Pay once the scanned line is in the cart, as the cashier sees it.
    await expect(page.getByRole('button', { name: 'Pay $1.65' })).toBeEnabled();
    await page.keyboard.press('Control+Enter');
    const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus goes back where the payment was started from.
    await expect(scanBox(page)).toBeFocused();
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (1)');
    await page.keyboard.press('F4');
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (0)');
    await expect(toast(page, 'Cart cleared')).toBeVisible();
  });

  test('F2 pays from inside the service charge field, where + still types', async ({ page }) => {
    // A Manager: a cashier's other service charge asks for a Manager's PIN first (manager-approval.spec.ts).
    await signIn(page, DEMO.manager, { at: '/sale' });
    await expect(scanBox(page)).toBeFocused();
    await page.keyboard.type('COF-001');
    await page.keyboard.press('Enter');
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (1)');
    const service = cart(page).getByLabel('Service Charge (%)');
    await service.fill('10');
    await service.press('+');
    await expect(cartLine(page, 'Espresso').getByLabel('Quantity')).toHaveText('1');
    await expect(service).toBeFocused();
    await page.keyboard.press('F2');
    const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(service).toBeFocused();
    await page.keyboard.press('F4');
    await expect(cart(page).getByRole('heading')).toHaveText('Cart (0)');
  });
});

const TABLETS = [
  { name: 'portrait', width: 768, height: 1024 },
  { name: 'landscape', width: 1024, height: 768 },
] as const;

for (const tablet of TABLETS) {
  test.describe(`a ${tablet.width}×${tablet.height} ${tablet.name} tablet`, () => {
    test.use({ viewport: { width: tablet.width, height: tablet.height }, hasTouch: true });

    test('the till fits the screen with finger-sized buttons, and so does the product list', async ({ page }, testInfo) => {
      // A long walk: the till, the cart, the payment dialog, the sidebar both ways and the product list.
      test.setTimeout(60_000);
      await signIn(page, DEMO.admin, { at: '/sale' });
      // Below 1280 px the sidebar starts collapsed, leaving the till its room; its icons are finger-sized.
      const sidebar = page.locator('aside').first();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await expect(sidebar).toHaveCSS('width', '90px');
      await expectTapTarget(page, nav.getByRole('link', { name: 'Customers' }));
      await expectTapTarget(page, nav.getByRole('button', { name: 'Reports' }));
      const products = page.getByRole('list', { name: 'Products' });
      // Drinks open their options' chooser with the defaults chosen: one more tap on Add.
      await products.getByRole('button', { name: /^Espresso / }).tap();
      await page.getByRole('dialog', { name: 'Espresso' }).getByRole('button', { name: /^Add / }).tap();
      await products.getByRole('button', { name: /^Cafe Latte / }).tap();
      await page.getByRole('dialog', { name: 'Cafe Latte' }).getByRole('button', { name: /^Add / }).tap();
      await expect(cart(page).getByRole('heading')).toHaveText('Cart (2)');
      await expectTapTarget(page, products.getByRole('button', { name: /^Espresso / }));

      const pay = page.getByRole('button', { name: /^Pay \$/ });
      await expect(pay).toBeInViewport();
      await expectTapTarget(page, pay);
      if (tablet.name === 'portrait') {
        // The cart is a bottom panel: its lines open over the products on demand.
        await expect(cartLine(page, 'Espresso')).toBeHidden();
        await page.screenshot({ path: testInfo.outputPath('pos-closed-cart.png') });
        await cart(page).getByRole('button', { name: 'Show cart' }).tap();
      }
      await expectTapTarget(page, cart(page).getByRole('button', { name: 'One more Espresso' }));
      await expectTapTarget(page, cart(page).getByRole('button', { name: 'One less Espresso' }));
      await expectTapTarget(page, cart(page).getByRole('button', { name: 'Clear' }));
      await cart(page).getByRole('button', { name: 'One more Espresso' }).tap();
      await expect(cartLine(page, 'Espresso').getByLabel('Quantity')).toHaveText('2');
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath('pos.png') });

      await pay.tap();
      const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
      await expect(dialog).toBeVisible();
      await expectTapTarget(page, dialog.getByRole('button', { name: 'Pay', exact: true }));
      await expectTapTarget(page, dialog.getByRole('button', { name: 'Add cash ៛50,000' }));
      await expectTapTarget(page, dialog.getByRole('button', { name: 'Card in dollars', exact: true }));
      await expectTapTarget(page, dialog.getByRole('button', { name: 'Remove Cash in dollars' }));
      await expectNoSidewaysScroll(page);
      await dialog.getByRole('button', { name: 'Cancel' }).tap();
      await cart(page).getByRole('button', { name: 'Clear' }).tap();
      await expect(cart(page).getByRole('heading')).toHaveText('Cart (0)');

      // Expanded by hand, its links and group buttons are finger-sized too, and the choice is kept.
      await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
      await expect(sidebar).toHaveCSS('width', '220px');
      await expectTapTarget(page, nav.getByRole('link', { name: 'Customers' }));
      await expectTapTarget(page, nav.getByRole('button', { name: 'Reports' }));
      await page.goto('/products');
      await expect(sidebar).toHaveCSS('width', '220px');
      await expectTapTarget(page, nav.getByRole('link', { name: 'Product List' }));
      await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
      await expect(sidebar).toHaveCSS('width', '90px');
      const table = page.getByRole('table', { name: 'Products' });
      await expect(table.getByRole('row').nth(1)).toContainText(/ID: \d+/);
      await expectNoSidewaysScroll(page);
      // The columns that matter fit: the table does not scroll sideways either.
      await expect.poll(() => table.evaluate((element) => element.parentElement!.scrollWidth <= element.parentElement!.clientWidth)).toBe(true);
      await expect(table.getByRole('row').nth(1).getByRole('button', { name: /^Edit / })).toBeInViewport();
      await page.screenshot({ path: testInfo.outputPath('products.png'), fullPage: true });
    });
  });
}

test('at 767 px the sidebar hides and the menu button opens it as a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 767, height: 1024 });
  await signIn(page, DEMO.staff, { at: '/sale' });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeHidden();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.getByRole('dialog', { name: 'Main navigation' })).toBeVisible();
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(nav).toBeHidden();
});
