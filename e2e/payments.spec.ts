import { expect, test } from '@playwright/test';
import { DEMO, signIn, toast } from './support';

test('a sale paid $5 + ៛20,000 + card for the rest: the change screen stays until New sale, and the details show the payments and rate', async ({ page }) => {
  await signIn(page, DEMO.staff, { at: '/sale' });
  const cart = page.getByRole('region', { name: /^Cart/ });
  const scanBox = page.getByPlaceholder('Search products...');
  // Four Caramel Macchiatos at $3.00 and 10% tax: $13.20.
  await scanBox.fill('COF-008');
  await scanBox.press('Enter');
  // + adds to the line just scanned, once it is in the cart.
  await expect(cart.getByRole('listitem').filter({ hasText: 'Caramel Macchiato' })).toHaveAttribute('aria-current', 'true');
  for (let more = 0; more < 3; more += 1) await page.keyboard.press('+');
  await page.getByRole('button', { name: 'Pay $13.20' }).click();

  const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
  // $13.20 is ៛54,120 at ៛4,100 a dollar, asked for as ៛54,200.
  await expect(dialog).toContainText('In riel៛54,200');
  await dialog.getByRole('button', { name: 'Add cash $5.00' }).click();
  await dialog.getByRole('button', { name: 'Add cash ៛20,000' }).click();
  // ៛20,000 is worth $4.87: $3.33 is left, which a card line starts at.
  await expect(dialog.getByLabel('Cash in riel', { exact: true })).toHaveValue('20000');
  await expect(dialog.getByRole('status')).toHaveText('Remaining due: $3.33 or ៛13,700');
  await dialog.getByRole('button', { name: 'Card in dollars', exact: true }).click();
  await expect(dialog.getByLabel('Card in dollars', { exact: true })).toHaveValue('3.33');
  await expect(dialog.getByRole('status')).toHaveText('Paid exactly: no change.');
  await page.keyboard.press('Enter');

  const recorded = toast(page, /✅ Sale recorded successfully!/);
  await expect(recorded).toBeVisible();
  const change = cart.getByRole('region', { name: 'No change to give' });
  await expect(change).toContainText('Paid $13.20: Cash $5.00 + ៛20,000 + Card $3.33');
  const code = (await change.getByText(/^SO-\d{6}$/).textContent())!;
  // It outlasts the toast, and New sale puts it away, ready for the next scan.
  await expect(recorded).toBeHidden({ timeout: 15_000 });
  await expect(change).toBeVisible();
  await change.getByRole('button', { name: 'New sale' }).click();
  await expect(change).toBeHidden();
  await expect(scanBox).toBeFocused();

  await page.goto('/orders');
  await page.getByPlaceholder(/Search/).first().fill(code);
  await page.getByRole('row').filter({ hasText: code }).getByRole('button', { name: `View ${code}` }).click();
  const details = page.getByRole('dialog', { name: `Sale ${code}` });
  const rows = details.getByLabel('Payments');
  await expect(rows).toContainText('Cash$5.00');
  await expect(rows).toContainText('Cash៛20,000 ($4.87)');
  await expect(rows).toContainText('Card$3.33');
  await expect(rows).toContainText('Rate៛4,100 = $1.00');
});

test('a KHQR payment: the code for the amount, confirmed Received, and the sale keeps its proof', async ({ page }) => {
  await signIn(page, DEMO.staff, { at: '/sale' });
  const scanBox = page.getByPlaceholder('Search products...');
  // One Caramel Macchiato at $3.00 and 10% tax: $3.30, paid by KHQR in dollars (the demo's default).
  await scanBox.fill('COF-008');
  await scanBox.press('Enter');
  await page.getByRole('button', { name: 'Pay $3.30' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
  await dialog.getByRole('button', { name: 'KHQR in dollars', exact: true }).click();
  await expect(dialog.getByLabel('KHQR in dollars', { exact: true })).toHaveValue('3.30');
  await dialog.getByRole('button', { name: 'Show QR' }).click();

  const khqr = page.getByRole('dialog', { name: 'Pay with KHQR' });
  await expect(khqr).toContainText('Mekong Corner Cafe');
  await expect(khqr).toContainText('$3.30');
  await khqr.getByRole('button', { name: /Received/ }).click();
  await expect(khqr).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Paid' })).toBeVisible();
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/sales') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: /^Pay/ }).click();
  const sale = ((await (await answer).json()) as { data: { payment_method: string; payments: { method_key: string; khqr: { md5: string; bill_number: string | null } | null }[] } }).data;
  expect(sale.payment_method).toBe('KHQR');
  expect(sale.payments[0]).toMatchObject({ method_key: 'khqr', khqr: { md5: expect.stringMatching(/^[0-9a-f]{32}$/) } });
  await expect(toast(page, /✅ Sale recorded successfully!/)).toBeVisible();
});
