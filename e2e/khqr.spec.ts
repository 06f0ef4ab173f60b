import { expect, test, type Page } from '@playwright/test';
import { signIn, toast } from './support';

type Khqr = { accountId: string; merchantName: string; city: string; expiryMinutes: number };

/** The signed-in user's call to the API, from the page (its token is in local storage). */
function api<T>(page: Page, method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

test.describe('KHQR', () => {
  test('an Admin sees the demo Bakong account, changes it under Payments, and the till’s QR follows', async ({ page }) => {
    await signIn(page);
    const before = (await api<{ data: { khqr: Khqr } }>(page, 'GET', '/settings')).body.data.khqr;
    try {
      await page.goto('/settings?tab=payments');
      const payments = page.getByRole('tabpanel', { name: 'Payments' });
      const card = payments.locator('form').filter({ has: page.getByRole('heading', { name: 'KHQR', exact: true }) });
      await expect(card.getByLabel('Bakong account id')).toHaveValue('mekong_corner@demo');
      await expect(card.getByTestId('khqr-state')).toHaveText('The till offers KHQR.');
      await expect(card.getByRole('img', { name: 'KHQR of Mekong Corner Cafe' })).toBeVisible();

      await card.getByLabel('Merchant name').fill('Mekong Corner Riverside');
      await card.getByLabel('City').fill('Siem Reap');
      await card.getByLabel('QR expiry (minutes)').fill('5');
      await card.getByRole('button', { name: 'Save KHQR' }).click();
      await expect(toast(page, 'Settings saved').last()).toBeVisible();

      await page.reload();
      await expect(card.getByLabel('Merchant name')).toHaveValue('Mekong Corner Riverside');
      await expect(card.getByLabel('City')).toHaveValue('Siem Reap');
      await expect(card.getByLabel('QR expiry (minutes)')).toHaveValue('5');

      // The code a cashier shows the customer now names the shop so, and lasts 5 minutes.
      const code = await api<{ data: { payload: string; expires_at: string } }>(page, 'POST', '/khqr', { amount: 4.5, currency: 'USD' });
      expect(code.status).toBe(200);
      expect(code.body.data.payload).toContain('5923Mekong Corner Riverside6009Siem Reap');
      expect(code.body.data.payload).toContain('54044.50');
    } finally {
      expect((await api(page, 'PUT', '/settings/khqr', before)).status).toBe(200);
    }
  });
});
