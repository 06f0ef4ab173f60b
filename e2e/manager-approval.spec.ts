import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, toast } from './support';

const products = (page: Page) => page.getByRole('list', { name: 'Products' });
const card = (page: Page, name: string) => products(page).getByRole('button', { name: new RegExp(`^${name} `) });
const cart = (page: Page) => page.getByRole('region', { name: /^Cart/ });

async function bearer(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/login', { data: account });
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

test.describe('manager approval at the till', () => {
  test("a cashier switching tax off is asked for a Manager's PIN, and the sale records who approved", async ({ page }) => {
    test.setTimeout(60_000);
    const manager = await bearer(page, DEMO.manager);
    // The Manager sets their own till PIN (the demo's is 1234).
    const set = await page.request.put('/api/profile/pin', { headers: manager, data: { current_password: DEMO.manager.password, pin: '2580' } });
    expect(set.status(), await set.text()).toBe(200);
    try {
      await signIn(page, DEMO.staff, { at: '/sale' });
      await card(page, 'Espresso').click();
      // A drink: its options' chooser opens with the defaults chosen; Add takes them.
      await page.getByRole('dialog', { name: 'Espresso' }).getByRole('button', { name: /^Add / }).click();
      const totals = cart(page).locator('dl');
      await expect(totals).toContainText('Total$1.65');

      await cart(page).getByText('Tax 10%').click();
      const approval = page.getByRole('dialog', { name: "Manager's approval" });
      await expect(approval).toHaveAccessibleDescription('Switch tax off');
      await approval.getByLabel('Approved by').selectOption({ label: DEMO.manager.name });
      const pin = approval.getByLabel('PIN');
      await expect(pin).toBeFocused();
      await pin.fill('1111');
      await page.keyboard.press('Enter');
      await expect(approval.getByText('The PIN is not right.')).toBeVisible();
      await expect(pin).toHaveValue('');

      await pin.fill('2580');
      await page.keyboard.press('Enter');
      await expect(approval).toBeHidden();
      await expect(cart(page).getByRole('switch', { name: 'Tax 10%' })).not.toBeChecked();
      await expect(cart(page).getByText(`Approved by ${DEMO.manager.name}`)).toBeVisible();
      await expect(totals).toContainText('Total$1.50');

      await page.getByRole('button', { name: 'Pay $1.50' }).click();
      const payment = page.getByRole('dialog', { name: 'Confirm Payment' });
      await payment.getByRole('button', { name: 'Add cash $5.00' }).click();
      await page.keyboard.press('Enter');
      await expect(toast(page, /✅ Sale recorded successfully!/)).toBeVisible();
      const change = page.getByRole('region', { name: 'Change to give' });
      const code = (await change.getByText(/^SO-\d{6}$/).textContent())!;

      const sales = await page.request.get(`/api/sales?q=${code}`, { headers: manager });
      const sale = ((await sales.json()) as { data: { code: string; tax_enabled: boolean; approved_by: { name: string } | null }[] }).data.find((s) => s.code === code);
      expect(sale).toMatchObject({ tax_enabled: false, approved_by: { name: DEMO.manager.name } });
    } finally {
      await page.request.put('/api/profile/pin', { headers: manager, data: { current_password: DEMO.manager.password, pin: '1234' } });
    }
  });
});
