import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, toast, uniqueSuffix } from './support';

const scan = async (page: Page, code: string) => {
  const scanBox = page.getByPlaceholder('Search products...');
  await scanBox.fill(code);
  await scanBox.press('Enter');
};

/** Pays what the cart shows with a $10 note. */
async function payCash(page: Page) {
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
  await dialog.getByRole('button', { name: 'Add cash $10.00' }).click();
  await dialog.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an order parked for table 4 at one till shows on another within seconds, is added to there, and paid in two bills', async ({ browser }) => {
  // Two tills, two bills: longer than one screen's test.
  test.setTimeout(90_000);
  const name = `Sokha ${uniqueSuffix()}`;
  const label = `Table 4 · ${name}`;
  const counter = await (await browser.newContext()).newPage();
  const other = await (await browser.newContext()).newPage();
  await signIn(counter, DEMO.staff);
  await signIn(other, DEMO.manager);

  // The second till is already looking at its open orders when the first parks one.
  await other.goto('/sale');
  await other.getByRole('button', { name: /^Open orders/ }).click();
  const list = other.getByRole('dialog', { name: 'Open orders' });
  await expect(list.getByText(label)).toHaveCount(0);

  await counter.goto('/sale');
  await scan(counter, 'BAK-003');
  await scan(counter, 'BAK-005');
  await counter.getByRole('button', { name: 'Park order' }).click();
  const park = counter.getByRole('dialog', { name: 'Park order' });
  await park.getByRole('button', { name: '4', exact: true }).click();
  await park.getByLabel('Name').fill(name);
  await park.getByRole('button', { name: 'Park order' }).click();
  await expect(toast(counter, /^Order placed/)).toBeVisible();
  await expect(counter.getByRole('heading', { name: 'Cart (0)' })).toBeVisible();

  // Read every few seconds: it shows without a reload.
  await expect(list.getByRole('button', { name: new RegExp(label) })).toBeVisible({ timeout: 5_000 });
  await list.getByRole('button', { name: new RegExp(label) }).click();
  const order = other.getByRole('dialog', { name: new RegExp(`^${label} · OO-`) });
  await expect(order.getByLabel('Order lines')).toContainText('1 × Banana Muffin');
  await order.getByRole('button', { name: 'Add items' }).click();
  await expect(other.getByText(/^Adding to Table 4/)).toBeVisible();
  await scan(other, 'SNK-002');
  await other.getByRole('button', { name: 'Send to order' }).click();
  await expect(toast(other, /^Added to the order/)).toBeVisible();

  // The first bill: the muffin and the roll; the cola is left for the second.
  await other.getByRole('button', { name: /^Open orders/ }).click();
  await list.getByRole('button', { name: new RegExp(label) }).click();
  await expect(order.getByLabel('Order lines').getByRole('listitem')).toHaveCount(3);
  await order.getByLabel(/Coca-Cola Can/).uncheck();
  await order.getByRole('button', { name: /^Pay 2 selected/ }).click();
  await expect(other.getByText(/^Paying Table 4/)).toBeVisible();
  const cartLines = other.getByRole('list', { name: 'Cart lines' });
  await expect(cartLines.getByRole('listitem')).toHaveCount(2);
  await expect(cartLines.getByRole('button', { name: /One more/ })).toHaveCount(0);
  await payCash(other);
  await expect(toast(other, new RegExp(`^Bill paid for ${label}`))).toBeVisible();

  await other.getByRole('button', { name: /^Open orders/ }).click();
  await list.getByRole('button', { name: new RegExp(label) }).click();
  await expect(order.getByLabel('Order lines')).toContainText('Paid');
  await order.getByRole('button', { name: /^Pay all/ }).click();
  await payCash(other);
  await expect(toast(other, new RegExp(`^Bill paid for ${label}`)).last()).toBeVisible();

  // Paid in full: it has left every till's list.
  await counter.getByRole('button', { name: /^Open orders/ }).click();
  await expect(counter.getByRole('dialog', { name: 'Open orders' }).getByText(label)).toHaveCount(0);
});

test('an order voided with a reason leaves the list', async ({ page }) => {
  const name = `Dara ${uniqueSuffix()}`;
  await signIn(page, DEMO.staff, { at: '/sale' });
  await scan(page, 'BAK-004');
  await page.getByRole('button', { name: 'Park order' }).click();
  const park = page.getByRole('dialog', { name: 'Park order' });
  await park.getByRole('button', { name: 'Take-away' }).click();
  // Neither a table nor a name: said at once.
  await park.getByRole('button', { name: 'Park order' }).click();
  await expect(park.getByText('Give the order a table or a name.')).toBeVisible();
  await park.getByLabel('Name').fill(name);
  await park.getByRole('button', { name: 'Park order' }).click();
  await expect(toast(page, /^Order placed/)).toBeVisible();

  await page.getByRole('button', { name: /^Open orders/ }).click();
  const list = page.getByRole('dialog', { name: 'Open orders' });
  await list.getByRole('button', { name: new RegExp(name) }).click();
  const order = page.getByRole('dialog', { name: new RegExp(`^${name} · OO-`) });
  await expect(order).toContainText('Take-away');
  await order.getByRole('button', { name: 'Void order' }).click();
  await order.getByRole('button', { name: 'Void order' }).click();
  await expect(order.getByText('Give a reason for voiding the order.')).toBeVisible();
  await order.getByLabel('Why is the order voided?').fill('Customer left');
  await order.getByRole('button', { name: 'Void order' }).click();
  await expect(list.getByText(name)).toHaveCount(0);
});
