import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, KHMER as kh, signIn } from './support';

async function bearer(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** Rings up one sale through the API the till uses; answers the recorded sale. */
async function ringUp(request: APIRequestContext, headers: Record<string, string>, sku: string, quantity: number, payment: string) {
  const product = ((await (await request.get(`/api/products?q=${sku}`, { headers })).json()) as { data: { id: number; price: number }[] }).data[0]!;
  const body = { sale_date: new Date().toISOString(), payment_method: payment, items: [{ product_id: product.id, quantity, unit_price: product.price }], total_amount: 0 };
  // The server answers a wrong total with the right one (409); send that.
  const first = await request.post('/api/sales', { headers, data: body });
  const total = ((await first.json()) as { total_amount: number }).total_amount;
  const sale = await request.post('/api/sales', { headers, data: { ...body, total_amount: total } });
  expect(sale.status()).toBe(201);
  return ((await sale.json()) as { data: { code: string; total: number } }).data;
}

async function interceptPrint(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
}

test.describe('reports', () => {
  test('sales report: filters on the server, whole-set cards, CSV of the filtered set, print', async ({ page }) => {
    const staff = await bearer(page.request, DEMO.staff);
    const bank = await ringUp(page.request, staff, 'TEA-004', 3, 'Bank');
    await ringUp(page.request, staff, 'JUI-001', 1, 'Card');

    await signIn(page, DEMO.manager, { at: '/report-sale' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales Report');
    await expect(page.getByPlaceholder('Search name/ref/notes…')).toBeVisible();
    const table = page.getByRole('table', { name: 'Sales Report' });
    await expect(table.getByRole('row').filter({ hasText: bank.code })).toBeVisible();

    await page.getByLabel('Payment').selectOption('Bank');
    await expect(table.getByRole('row').filter({ hasText: 'Card' })).toHaveCount(0);
    const bankRow = table.getByRole('row').filter({ hasText: bank.code });
    await expect(bankRow).toContainText('Bank');
    await expect(bankRow).toContainText('Paid');

    await page.getByPlaceholder('Search name/ref/notes…').fill(bank.code);
    await expect(table.getByRole('row')).toHaveCount(3); // header, the sale, totals
    const summary = page.locator('dl[aria-label="Summary"]');
    await expect(summary).toContainText('Orders1');
    await expect(summary).toContainText(`Net$${bank.total.toFixed(2)}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('sales-report.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,SO,Customer,Channel,Items,Qty,Gross,Discount,Tax,Net,Refunds,Net after refunds,Payment,Status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${bank.code},Walk-in,POS,1,3,`);
    expect(lines[1]).toMatch(/,Bank,Paid$/);

    await interceptPrint(page);
    await page.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByPlaceholder('Search name/ref/notes…')).toHaveValue('');
    await expect(page.getByLabel('Payment')).toHaveValue('');
  });

  test('a whole sale refunded in riel from the sales screen shows in the sales report', async ({ page }) => {
    const sale = (await ringUp(page.request, await bearer(page.request, DEMO.manager), 'TEA-002', 2, 'Cash')) as { id: number; code: string; total: number; khr_per_usd: number; riel_step: number };
    // The riel handed back: the total at the sale's own rate, rounded up to its step.
    const riel = Math.ceil((Math.round(sale.total * 100) * sale.khr_per_usd) / 100 / sale.riel_step) * sale.riel_step;
    const rielText = `៛${riel.toLocaleString('en-US')}`;
    const dollars = `$${sale.total.toFixed(2)}`;

    await signIn(page, DEMO.manager, { at: '/orders' });
    await page.getByPlaceholder('Search SO number, customer or notes').fill(sale.code);
    await page.getByRole('button', { name: `View ${sale.code}` }).click();
    await page.getByRole('dialog', { name: `Sale ${sale.code}` }).getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: `Refund ${sale.code}` });
    await refund.getByRole('button', { name: 'Refund whole sale' }).click();
    await expect(refund.getByText(/^To give back/)).toContainText(dollars);
    await expect(refund.getByLabel('Method')).toHaveValue('cash');
    await refund.getByRole('button', { name: 'Riel' }).click();
    await expect(refund.getByText(/^To give back/)).toContainText(rielText);
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Refund recorded: ${rielText}` })).toBeVisible();
    await expect(refund).toBeHidden();

    // Today's report of that sale: its Net, the refund made today, nothing kept.
    await page.goto('/report-sale');
    await page.getByPlaceholder('Search name/ref/notes…').fill(sale.code);
    const summary = page.locator('dl[aria-label="Summary"]');
    await expect(summary).toContainText(`Net${dollars}`);
    await expect(summary).toContainText(`Refunds-${dollars}`);
    await expect(summary).toContainText('Net after refunds$0.00');
    await expect(page.getByText(/^Refunds count on the day they are made/)).toBeVisible();
    const payments = page.getByRole('table', { name: 'Takings by method' });
    await expect(payments.getByRole('row').filter({ hasText: 'Riel' }).filter({ hasText: 'Cash' })).toContainText(`-${rielText}`);
  });

  test('in Khmer, the sales report reads its payment, status and channel values and its breadcrumb in Khmer', async ({ page }) => {
    const sale = await ringUp(page.request, await bearer(page.request, DEMO.staff), 'TEA-002', 1, 'Card');
    await signIn(page, DEMO.manager);
    await page.evaluate(() => window.localStorage.setItem('language', 'kh'));
    await page.goto('/report-sale');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(kh['Sales Report']!);
    await expect(page.getByRole('navigation', { name: kh['Breadcrumb'] }).getByText(kh['Sales report']!)).toHaveAttribute('aria-current', 'page');
    const row = page.getByRole('table', { name: kh['Sales Report'] }).getByRole('row').filter({ hasText: sale.code });
    await expect(row).toContainText(kh['Card']!);
    await expect(row).toContainText(kh['Paid']!);
    await expect(row).not.toContainText('Card');
    await expect(page.getByLabel(kh['Status']!).getByRole('option', { name: kh['Refunded'] })).toHaveAttribute('value', 'Refunded');
  });

  test('purchase report: payment and status filters, totals footer, export', async ({ page }) => {
    await signIn(page, DEMO.manager, { at: '/report-purchase' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Purchase Report');
    const table = page.getByRole('table', { name: 'Purchase Report' });
    // The demo shop received four deliveries in the last two weeks, all paid in cash.
    await expect(table.getByRole('row').filter({ hasText: 'GB-1101' })).toBeVisible();
    await expect(table.locator('tfoot')).toContainText('Total');
    await page.getByLabel('Payment').selectOption('Card');
    await expect(page.getByText('No purchases match your filters.')).toBeVisible();
    await page.getByLabel('Payment').selectOption('Cash');
    await page.getByLabel('Status').selectOption('Received');
    await expect(table.getByRole('row').filter({ hasText: 'MR-0458' })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('purchase-report.csv');
    const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,PO,Supplier,Ref,Items,Qty,Subtotal,Tax,Freight,Total,Payment,Status');
    expect(lines.some((line) => line.includes('MR-0458,Mondulkiri Coffee Roasters'))).toBe(true);
  });

  test('stock report: rows from the ledger, category and state filters, pages of 10', async ({ page }) => {
    // Wide enough for every column; a narrower screen keeps the Category in each row's details.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO.manager, { at: '/report-stock' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stock Report');
    const table = page.getByRole('table', { name: 'Stock Report' });
    await expect(table.getByRole('row').filter({ hasText: 'Mineral Water 500 ml' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await page.getByLabel('Category').selectOption({ label: 'Bakery' });
    await expect(table.locator('tbody tr').filter({ hasNotText: 'Bakery' })).toHaveCount(0);
    await expect(table.locator('tbody tr').filter({ hasText: 'Bakery' })).not.toHaveCount(0);
    await page.getByLabel('Stock State').selectOption('Normal');
    await expect(table.getByRole('row').filter({ hasText: 'Banana Muffin' })).toContainText('Normal');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('stock-report.csv');
    const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Product,SKU,Category,Unit,Unit Cost,Opening,Purchases,Sales,Adjust,Closing,Valuation,State');
    expect(lines.slice(1).every((line) => line.includes(',Bakery,') && line.endsWith(',Normal'))).toBe(true);
  });

  test('dashboard counts the sales just rung up', async ({ page }) => {
    const manager = await bearer(page.request, DEMO.manager);
    const before = ((await (await page.request.get('/api/dashboard', { headers: manager })).json()) as { data: { cards: { newOrders: { value: number } } } }).data;
    await ringUp(page.request, await bearer(page.request, DEMO.staff), 'TEA-002', 2, 'Cash');
    await signIn(page, DEMO.manager, { at: '/dashboard' });
    const orders = page.getByText('New Orders').locator('..');
    await expect(orders.locator('p').nth(1)).toHaveText(String(before.cards.newOrders.value + 1));
    await expect(page.getByRole('heading', { name: 'Yearly Stats' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sales/Revenue' })).toBeVisible();
    await expect(page.getByText('Green Tea Latte')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See expiring batches' })).toHaveAttribute('href', '/expire-product');
  });

  test('Staff are pointed to the till instead of shop-wide figures', async ({ page }) => {
    await signIn(page, DEMO.staff);
    await expect(page.getByRole('link', { name: 'Open the till' })).toHaveAttribute('href', '/sale');
  });
});
