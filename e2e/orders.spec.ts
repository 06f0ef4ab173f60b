import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

type Account = { email: string; password: string };
type SaleLine = { sku: string; quantity: number };
type Sale = { id: number; code: string; business_date: string; total: number; change: number; status: string; refunded: number };

const money = (amount: number) => `$${amount.toFixed(2)}`;

async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const response = await request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Rings up a sale through the API, as the till does. The server prices it; a total that does
 * not match answers 409 with the right one, which the second call then sends.
 */
async function ringUp(request: APIRequestContext, token: string, lines: SaleLine[], extra: Record<string, unknown> = {}): Promise<Sale> {
  const headers = { authorization: `Bearer ${token}` };
  const items = [];
  for (const line of lines) {
    const found = await request.get(`/api/products?q=${encodeURIComponent(line.sku)}`, { headers });
    const product = ((await found.json()) as { data: Array<{ id: number; sku: string; price: number }> }).data.find((p) => p.sku === line.sku);
    expect(product, line.sku).toBeTruthy();
    items.push({ product_id: product!.id, quantity: line.quantity, unit_price: product!.price });
  }
  const body = { sale_date: new Date().toISOString(), payment_method: 'Cash', items, total_amount: 0, tendered: 50, ...extra };
  let response = await request.post('/api/sales', { headers, data: body });
  if (response.status() === 409) {
    const answer = (await response.json()) as { total_amount?: number; message: string };
    expect(answer.total_amount, answer.message).toBeDefined();
    response = await request.post('/api/sales', { headers, data: { ...body, total_amount: answer.total_amount } });
  }
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Sale }).data;
}

async function findSale(page: Page, code: string) {
  await page.getByPlaceholder('Search SO number, customer or notes').fill(code);
  const table = page.getByRole('table', { name: 'Sales' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row(page, code)).toBeVisible();
  return row(page, code);
}

test.describe('sales orders', () => {
  test('a manager finds a sale, reads it, prints its receipt, and refunds it in two goes', async ({ page }) => {
    test.setTimeout(60_000);
    const token = await tokenOf(page.request, DEMO.manager);
    const note = `E2E order ${uniqueSuffix()}`;
    const sale = await ringUp(page.request, token, [
      { sku: 'COF-002', quantity: 1 },
      { sku: 'COF-004', quantity: 2 },
    ], { notes: note });
    const other = await ringUp(page.request, token, [{ sku: 'COF-001', quantity: 1 }], { payment_method: 'Card', tendered: null, notes: note });

    await signIn(page, DEMO.manager, { at: '/orders' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales Orders');
    const table = page.getByRole('table', { name: 'Sales' });
    for (const header of ['SO', 'Date', 'Customer', 'Items', 'Total', 'Payment', 'Status', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    // Both sales carry the note; the summary counts exactly them.
    await page.getByPlaceholder('Search SO number, customer or notes').fill(note);
    await expect(table.getByRole('row')).toHaveCount(3);
    const summary = page.getByLabel('Summary of the filtered sales');
    await expect(summary).toContainText('Orders2');
    await expect(summary).toContainText(`Net${money(sale.total + other.total)}`);
    await page.getByLabel('Payment', { exact: true }).selectOption('Card');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row(page, other.code)).toBeVisible();
    await page.getByLabel('Payment', { exact: true }).selectOption('');

    const found = await findSale(page, sale.code);
    await expect(found).toContainText('Walk-in');
    await expect(found).toContainText(money(sale.total));
    await expect(found).toContainText('Paid');
    await page.getByLabel('From', { exact: true }).fill(sale.business_date);
    await page.getByLabel('To', { exact: true }).fill(sale.business_date);
    await expect(row(page, sale.code)).toBeVisible();
    await page.getByLabel('Channel', { exact: true }).selectOption('Catering');
    await expect(page.getByText('No sales found.')).toBeVisible();
    await page.getByLabel('Channel', { exact: true }).selectOption('POS');
    await expect(row(page, sale.code)).toBeVisible();

    await row(page, sale.code).getByRole('button', { name: `View ${sale.code}` }).click();
    const details = page.getByRole('dialog', { name: `Sale ${sale.code}` });
    const lines = details.getByRole('table', { name: 'Lines' });
    await expect(lines.getByRole('row')).toHaveCount(3);
    await expect(lines.getByRole('row').filter({ hasText: 'COF-002' })).toContainText('Americano');
    await expect(lines.getByRole('row').filter({ hasText: 'COF-004' })).toContainText('Cappuccino');
    const totals = details.getByLabel('Totals');
    await expect(totals).toContainText(`Total${money(sale.total)}`);
    await expect(totals).toContainText('Tendered$50.00');
    await expect(totals).toContainText(`Change${money(sale.change)}`);
    await expect(details).toContainText('Manager Demo');

    // Print: the receipt alone is on the printed page.
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { __printed: boolean }).__printed = true;
      };
    });
    await details.getByRole('button', { name: 'Print receipt' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: boolean }).__printed === true)).toBe(true);
    const receipt = page.getByRole('article', { name: `Receipt ${sale.code}`, includeHidden: true });
    await expect(receipt).toBeAttached();
    await expect(receipt).toBeHidden();
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText('Americano');
    await expect(receipt).toContainText(money(sale.total));
    await expect(receipt.locator('svg').first()).toBeVisible(); // the QR code of the sale number
    await expect(receipt.getByRole('img', { name: 'KHQR of Mekong Corner Cafe' })).toBeVisible(); // the shop's KHQR (Receipts → Show QR)
    await expect(details).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(details).toBeVisible();

    // First refund: the Americano only.
    await details.getByRole('button', { name: 'Refund' }).click();
    let refund = page.getByRole('dialog', { name: `Refund ${sale.code}` });
    await expect(refund.getByRole('button', { name: 'Confirm refund' })).toBeDisabled();
    await refund.getByRole('button', { name: 'Refund all of Americano' }).click();
    await refund.getByLabel('Reason').fill('Spilled');
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(toast(page, /^Refund recorded: \$\d+\.\d\d$/)).toBeVisible();
    await expect(refund).toBeHidden();
    // Partly refunded, the sale stays Paid (Partial means partly unpaid); its refund is listed.
    await expect(details.getByText('Paid', { exact: true })).toBeVisible();
    await expect(details.getByText('RF-', { exact: false })).toBeVisible();
    await expect(details).toContainText('Spilled');
    await details.getByRole('button', { name: 'Close' }).first().click();
    await expect(details).toBeHidden();
    await expect(row(page, sale.code)).toContainText('Paid');

    // Then the rest.
    await row(page, sale.code).getByRole('button', { name: `View ${sale.code}` }).click();
    await details.getByRole('button', { name: 'Refund' }).click();
    refund = page.getByRole('dialog', { name: `Refund ${sale.code}` });
    await expect(refund.getByText('Fully refunded')).toBeVisible();
    await refund.getByRole('button', { name: 'Refund all of Cappuccino' }).click();
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    await expect(toast(page, /^Refund recorded: \$\d+\.\d\d$/).last()).toBeVisible();
    await expect(details.getByText('Partial')).toHaveCount(0);
    await expect(details.getByRole('button', { name: 'Refund' })).toHaveCount(0);
    await expect(totals).toContainText(`Refunded−${money(sale.total)}`);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(row(page, sale.code)).toContainText('Refunded');

    const after = await page.request.get(`/api/sales/${sale.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await after.json()) as { data: Sale }).data).toMatchObject({ status: 'Refunded', refunded: sale.total });
  });

  test("Staff see only their own sales, and refund one with a Manager's PIN", async ({ page }) => {
    const mine = await ringUp(page.request, await tokenOf(page.request, DEMO.staff), [{ sku: 'COF-003', quantity: 1 }]);
    const managers = await ringUp(page.request, await tokenOf(page.request, DEMO.manager), [{ sku: 'COF-003', quantity: 1 }]);

    await signIn(page, DEMO.staff, { at: '/orders' });
    await expect(page.getByText('The sales you rang up.')).toBeVisible();
    const table = page.getByRole('table', { name: 'Sales' });
    await expect(row(page, mine.code)).toBeVisible();
    await expect(row(page, managers.code)).toHaveCount(0);

    await page.getByPlaceholder('Search SO number, customer or notes').fill(managers.code);
    await expect(page.getByText('No sales found.')).toBeVisible();

    await findSale(page, mine.code);
    await table.getByRole('button', { name: `View ${mine.code}` }).click();
    const details = page.getByRole('dialog', { name: `Sale ${mine.code}` });
    await expect(details.getByLabel('Totals')).toContainText(`Total${money(mine.total)}`);
    await expect(details).toContainText('Staff Demo');
    await expect(details.getByRole('button', { name: 'Print receipt' })).toBeVisible();

    // A cashier refunds with a Manager's approval: the Admin's demo PIN (another test changes the Manager's).
    await details.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: `Refund ${mine.code}` });
    await refund.getByRole('button', { name: 'Refund whole sale' }).click();
    await refund.getByRole('button', { name: 'Confirm refund' }).click();
    const approval = page.getByRole('dialog', { name: "Manager's approval" });
    await approval.getByLabel('Approved by').selectOption({ label: DEMO.admin.name });
    await approval.getByLabel('PIN').fill('1234');
    await page.keyboard.press('Enter');
    await expect(approval).toBeHidden();
    await expect(refund).toBeHidden();
    await expect(details.getByRole('heading', { name: 'Refunds' })).toBeVisible();
    const managerToken = await tokenOf(page.request, DEMO.manager);
    const recorded = await page.request.get(`/api/sales/${mine.id}`, { headers: { authorization: `Bearer ${managerToken}` } });
    expect(((await recorded.json()) as { data: Sale }).data).toMatchObject({ status: 'Refunded', refunded: mine.total });
  });
});
