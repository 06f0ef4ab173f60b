import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

function stockTable(page: Page) {
  return page.getByRole('table', { name: 'Stock records' });
}

/** The figure under one caption of the totals row ("Total quantity", "Average price in", "Total value"). */
function total(page: Page, caption: string): Locator {
  return stockTable(page).locator('tfoot').getByText(caption, { exact: true }).locator('xpath=following-sibling::*[1]');
}

/** Picks a product in a stock form's searchable picker. */
async function pickProduct(form: Locator, name: string) {
  const picker = form.getByRole('combobox', { name: 'Product' });
  await picker.fill(name);
  await form.page().getByRole('option', { name: new RegExp(name) }).click();
  await expect(picker).toHaveValue(name);
}

/** Records a manual receipt through the Add stock form; returns the received date the form filled in. */
async function addStock(
  page: Page,
  receipt: { product: string; quantity: number; priceIn: string; notes: string; receivedDate?: string; expireDate?: string },
) {
  await page.getByRole('button', { name: 'Add stock' }).click();
  const form = page.getByRole('dialog', { name: 'Add stock' });
  await pickProduct(form, receipt.product);
  await form.getByLabel('Quantity').fill(String(receipt.quantity));
  await form.getByLabel('Price In ($)').fill(receipt.priceIn);
  if (receipt.receivedDate) await form.getByLabel('Received Date').fill(receipt.receivedDate);
  if (receipt.expireDate) await form.getByLabel('Expiry date (optional)').fill(receipt.expireDate);
  await form.getByLabel('Notes').fill(receipt.notes);
  const receivedDate = await form.getByLabel('Received Date').inputValue();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `Stock added: ${receipt.quantity} × ${receipt.product}`)).toBeVisible();
  await expect(form).toBeHidden();
  return receivedDate;
}

test.describe('stock inventory', () => {
  test('lists receipts with the totals of the whole search in the footer', async ({ page }) => {
    await signIn(page, DEMO.manager, { at: '/inventory' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock Inventory');
    const table = stockTable(page);
    for (const header of ['ID', 'Product', 'Quantity', 'Price In', 'Received Date', 'Notes']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await expect(total(page, 'Total quantity')).toHaveText(/^\d+$/);
    const allQuantity = Number(await total(page, 'Total quantity').textContent());

    // The seeded market purchase: 5 packs of Roasted Cashews at $1.25.
    await page.getByPlaceholder('Search by notes, product name or ID').fill('Market purchase');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    const market = row(page, 'Market purchase');
    await expect(market).toContainText('Roasted Cashews');
    await expect(market).toContainText('SNK-004');
    await expect(market).toContainText('$1.25');
    await expect(market.getByRole('cell').nth(4)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(total(page, 'Total quantity')).toHaveText('5');
    await expect(total(page, 'Average price in')).toHaveText('$1.25');
    await expect(total(page, 'Total value')).toHaveText('$6.25');
    expect(allQuantity).toBeGreaterThan(5);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeHidden();

    await page.getByPlaceholder('Search by notes, product name or ID').fill(`no such stock ${uniqueSuffix()}`);
    await expect(page.getByText('No stock records found.')).toBeVisible();
    await expect(table.locator('tfoot')).toHaveCount(0);
  });

  test('a manager adds stock and sees it on the first page', async ({ page }) => {
    await signIn(page, DEMO.manager);
    const notes = `E2E receipt ${uniqueSuffix()}`;
    await page.goto('/inventory');
    await page.getByRole('button', { name: 'Page 2' }).click();
    const receivedDate = await addStock(page, { product: 'Mondulkiri Coffee Beans', quantity: 3, priceIn: '12.25', notes });
    expect(receivedDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    const created = row(page, notes);
    await expect(created).toBeVisible();
    await expect(created).toContainText('Mondulkiri Coffee Beans');
    await expect(created.getByRole('cell').nth(2)).toHaveText('3');
    await expect(created.getByRole('cell').nth(3)).toHaveText('$12.25');
    await expect(created.getByRole('cell').nth(4)).toHaveText(receivedDate);

    await page.getByPlaceholder('Search by notes, product name or ID').fill(notes);
    await expect(stockTable(page).locator('tbody tr')).toHaveCount(1);
    await expect(total(page, 'Total quantity')).toHaveText('3');
    await expect(total(page, 'Total value')).toHaveText('$36.75');
  });

  test('a manager adjusts stock; taking out more than is on hand is refused readably', async ({ page }) => {
    await signIn(page, DEMO.manager, { at: '/inventory' });
    await page.getByRole('button', { name: 'Adjust stock' }).click();
    const form = page.getByRole('dialog', { name: 'Adjust stock' });
    await pickProduct(form, 'Mineral Water 500 ml');
    const onHandText = await form.getByText(/^On hand: -?\d+$/).textContent();
    const onHand = Number(onHandText?.replace('On hand: ', ''));
    expect(onHand).toBeGreaterThan(1);

    const quantity = form.getByLabel('Quantity change');
    await quantity.fill('-999999');
    await form.getByLabel('Reason').selectOption({ label: 'Waste' });
    await form.getByRole('button', { name: 'Adjust stock' }).click();
    const refusal = `Only ${onHand} of Mineral Water 500 ml on hand; cannot take out 999999.`;
    await expect(form.getByText(refusal)).toBeVisible();
    await expect(toast(page, `Failed to adjust stock: ${refusal}`)).toBeVisible();
    await expect(form).toBeVisible();

    await quantity.fill('-2');
    await expect(form.getByText(`On hand after: ${onHand - 2}`)).toBeVisible();
    await form.getByLabel('Notes').fill('Two bottles dropped');
    await form.getByRole('button', { name: 'Adjust stock' }).click();
    await expect(toast(page, `Stock adjusted: Mineral Water 500 ml now has ${onHand - 2} on hand`)).toBeVisible();
    await expect(form).toBeHidden();

    // Stock found in a count comes back in.
    await page.getByRole('button', { name: 'Adjust stock' }).click();
    await pickProduct(form, 'Mineral Water 500 ml');
    await expect(form.getByText(`On hand: ${onHand - 2}`)).toBeVisible();
    await form.getByLabel('Quantity change').fill('+1');
    await form.getByLabel('Reason').selectOption({ label: 'Count correction' });
    await form.getByRole('button', { name: 'Adjust stock' }).click();
    await expect(toast(page, `Stock adjusted: Mineral Water 500 ml now has ${onHand - 1} on hand`)).toBeVisible();
  });

  test('a failed load shows the toast and the red banner', async ({ page }) => {
    await signIn(page, DEMO.manager);
    const stocks = (url: URL) => url.pathname === '/api/stocks';
    await page.route(stocks, (route) => route.fulfill({ status: 500, json: { message: 'The database is not answering.' } }));
    await page.goto('/inventory');
    const text = 'Failed to load stock data: The database is not answering.';
    await expect(toast(page, text)).toBeVisible({ timeout: 15_000 });
    const banner = page.getByRole('alert').filter({ hasText: text });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveCSS('color', 'rgb(185, 28, 28)');
    await page.unroute(stocks);
    await banner.getByRole('button', { name: 'Retry' }).click();
    await expect(banner).toBeHidden();
    await expect(stockTable(page).locator('tbody tr').first()).toBeVisible();
  });
});

test.describe('expiring products', () => {
  test('shows the seeded expiring and expired batches and switches between 7, 30 and 90 days', async ({ page }) => {
    await signIn(page, DEMO.manager, { at: '/expire-product' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Expiring Products');
    await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
    const table = page.getByRole('table', { name: 'Expiring batches' });
    for (const header of ['Product', 'Batch', 'Expiry date', 'Days left', 'Remaining qty', 'Value at cost']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    const search = page.getByPlaceholder('Search by product name or SKU');
    await search.fill('Roasted Cashews');
    const expired = row(page, 'Roasted Cashews').filter({ hasText: /Expired \d+ days ago/ });
    await expect(expired).toHaveCount(1);
    await expect(expired).toHaveClass(/bg-red/);
    await expect(expired).toContainText('SNK-004');
    await expect(expired).toContainText('$1.25 each');

    await search.fill('Fresh Coconut');
    const coconut = row(page, 'Fresh Coconut');
    await expect(coconut).toContainText('10 days');
    await expect(coconut).toContainText('40');
    await expect(coconut).toContainText('$24.00');
    await page.getByRole('radio', { name: '7 days' }).check();
    await expect(page.getByText('No batches expire within 7 days.')).toBeVisible();
    await page.getByRole('radio', { name: '90 days' }).check();
    await expect(coconut).toBeVisible();

    await search.fill('Lemon Cookies');
    await expect(row(page, 'Lemon Cookies')).toContainText('60 days');
    await page.getByRole('radio', { name: '30 days' }).check();
    await expect(page.getByText('No batches expire within 30 days.')).toBeVisible();
  });

  test('a manager writes an expired batch off and it is gone', async ({ page }) => {
    await signIn(page, DEMO.manager);
    const notes = `E2E expired ${uniqueSuffix()}`;
    await page.goto('/inventory');
    await addStock(page, { product: 'Coca-Cola Can', quantity: 2, priceIn: '0.40', notes, receivedDate: '2019-12-01', expireDate: '2020-01-01' });
    await page.getByPlaceholder('Search by notes, product name or ID').fill(notes);
    await expect(stockTable(page).locator('tbody tr')).toHaveCount(1);
    const batchId = (await row(page, notes).getByRole('cell').first().textContent())!.trim();
    expect(batchId).toMatch(/^\d+$/);

    await page.goto('/expire-product');
    await page.getByPlaceholder('Search by product name or SKU').fill('Coca-Cola');
    const batch = row(page, `#${batchId}`);
    await expect(batch).toContainText(/Expired \d+ days ago/);
    await expect(batch).toContainText('2020-01-01');
    await expect(batch).toHaveClass(/bg-red/);
    await batch.getByRole('button', { name: `Write off batch #${batchId} of Coca-Cola Can` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Write off expired stock?' });
    await expect(confirm).toContainText(`Coca-Cola Can (SNK-002), batch #${batchId}: 2 left`);
    await confirm.getByRole('button', { name: 'Write off' }).click();
    await expect(toast(page, 'Written off: 2 × Coca-Cola Can')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(batch).toHaveCount(0);

    // The receipt stays in the list; nothing of it is left.
    await page.goto('/inventory');
    await page.getByPlaceholder('Search by notes, product name or ID').fill(notes);
    await expect(row(page, notes).getByRole('cell').nth(2)).toHaveText('20 left');
  });
});

test('Staff sees stock and expiring batches but cannot add, adjust or write off', async ({ page }) => {
  await signIn(page, DEMO.staff, { at: '/inventory' });
  await expect(stockTable(page).locator('tbody tr').first()).toBeVisible();
  await expect(stockTable(page).locator('tfoot')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Adjust stock' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add stock' })).toHaveCount(0);

  await page.goto('/expire-product');
  await expect(page.getByText(/Expired \d+ days ago/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Write off/ })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
});
