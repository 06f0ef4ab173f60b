import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, toast, uniqueSuffix } from './support';

const TABS = ['General', 'Localization', 'Taxes', 'Service Charges', 'Payments', 'Printers', 'Receipts', 'Store Hours', 'Tills and shifts', 'Kitchen'];

type Section = 'taxes' | 'payments' | 'localization';

/** One section as the server has it now, read with the signed-in user's token. */
async function readSection(page: Page, section: Section): Promise<unknown> {
  return page.evaluate(async (name) => {
    const response = await fetch('/api/settings', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    const body = (await response.json()) as { data: Record<string, unknown> };
    return body.data[name];
  }, section);
}

/**
 * Puts a section back as it was: every spec file shares one database, so a test that fails half
 * way must not leave the shop in riel or with a stray payment method.
 */
async function restoreSection(page: Page, section: Section, value: unknown) {
  const status = await page.evaluate(
    async ({ name, body }) => {
      const response = await fetch(`/api/settings/${name}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    },
    { name: section, body: value },
  );
  expect(status).toBe(200);
}

// Exactly "Save": the Payments tab has a second form below, saved with "Save KHQR".
async function save(page: Page, panel: ReturnType<Page['getByRole']>) {
  await panel.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'Saving…' })).toBeVisible();
  await expect(toast(page, 'Settings saved').last()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
}

test.describe('settings', () => {
  test('an Admin changes the tax rate and it stays after a reload', async ({ page }) => {
    await signIn(page);
    const before = await readSection(page, 'taxes');
    try {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
      await expect(page.getByRole('tab')).toHaveText(TABS);
      await page.getByRole('tab', { name: 'Taxes' }).click();
      await expect(page).toHaveURL(/\/settings\?tab=taxes$/);
      const taxes = page.getByRole('tabpanel', { name: 'Taxes' });
      await expect(taxes.getByLabel('Tax rate (%)')).toHaveValue('10');
      await taxes.getByLabel('Tax rate (%)').fill('7.5');
      await save(page, taxes);

      await page.reload();
      await expect(page.getByRole('tab', { name: 'Taxes' })).toHaveAttribute('aria-selected', 'true');
      await expect(taxes.getByLabel('Tax rate (%)')).toHaveValue('7.5');

      // Back as it was, through the screen.
      await taxes.getByLabel('Tax rate (%)').fill('10');
      await save(page, taxes);
      expect(await readSection(page, 'taxes')).toEqual(before);
    } finally {
      await restoreSection(page, 'taxes', before);
    }
  });

  test('an Admin adds a custom payment method, renames it, saves, and removes it after confirming', async ({ page }) => {
    await signIn(page);
    const before = await readSection(page, 'payments');
    const name = `E2E Wallet ${uniqueSuffix()}`;
    try {
      await page.goto('/settings?tab=payments');
      const payments = page.getByRole('tabpanel', { name: 'Payments' });
      const labels = payments.getByRole('textbox', { name: /^Payment method \d+$/ });
      await expect(labels.first()).toBeVisible();
      const count = await labels.count();

      await payments.getByRole('button', { name: 'Add payment method' }).click();
      const added = payments.getByRole('textbox', { name: `Payment method ${count + 1}` });
      await expect(added).toHaveValue('Custom');
      await expect(payments.getByRole('switch', { name: 'Enabled: Custom' })).toBeChecked();
      await added.fill(name);
      await save(page, payments);

      await page.reload();
      await expect(added).toHaveValue(name);
      await expect(payments.getByRole('switch', { name: `Enabled: ${name}` })).toBeChecked();
      await expect(payments.getByText(/^custom-[a-z0-9]+$/)).toBeVisible();

      await payments.getByRole('button', { name: `Remove ${name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Remove payment method?' });
      await expect(confirm).toContainText(name);
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await expect(confirm).toBeHidden();
      await expect(labels).toHaveCount(count);
      await save(page, payments);

      await page.reload();
      await expect(labels.first()).toBeVisible();
      await expect(labels).toHaveCount(count);
      expect(await readSection(page, 'payments')).toEqual(before);
    } finally {
      await restoreSection(page, 'payments', before);
    }
  });

  test('currency KHR shows prices in riel without decimals across the console, then back to USD', async ({ page }) => {
    await signIn(page);
    const before = await readSection(page, 'localization');
    const priceCells = page.getByRole('table', { name: 'Products' }).getByRole('cell');
    try {
      await page.goto('/products');
      await expect(priceCells.filter({ hasText: /^\$\d+\.\d{2}$/ }).first()).toBeVisible();

      await page.goto('/settings?tab=localization');
      const localization = page.getByRole('tabpanel', { name: 'Localization' });
      await localization.getByLabel('Currency').selectOption('KHR');
      await expect(localization.getByText(/^Amounts show as ៛1,235$/)).toBeVisible();
      await save(page, localization);

      // Through the sidebar, no reload: the console's cached settings already say riel.
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('button', { name: 'Products' }).click();
      await nav.getByRole('link', { name: 'Product List' }).click();
      await expect(page).toHaveURL(/\/products$/);
      await expect(priceCells.filter({ hasText: /^៛\d[\d,]*$/ }).first()).toBeVisible();
      await expect(priceCells.filter({ hasText: /^\$/ })).toHaveCount(0);
      await expect(priceCells.filter({ hasText: /^៛.*\./ })).toHaveCount(0);

      await page.goto('/settings?tab=localization');
      await expect(localization.getByLabel('Currency')).toHaveValue('KHR');
      await localization.getByLabel('Currency').selectOption('USD');
      await save(page, localization);
      await page.goto('/products');
      await expect(priceCells.filter({ hasText: /^\$\d+\.\d{2}$/ }).first()).toBeVisible();
      await expect(priceCells.filter({ hasText: /^៛/ })).toHaveCount(0);
      expect(await readSection(page, 'localization')).toEqual(before);
    } finally {
      await restoreSection(page, 'localization', before);
    }
  });

  test('a Manager sees the settings read-only', async ({ page }) => {
    await signIn(page, DEMO.manager, { at: '/settings' });
    await expect(page.getByText('Only an Admin can change settings.')).toBeVisible();
    const general = page.getByRole('tabpanel', { name: 'General' });
    await expect(general.getByLabel('Shop name')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Payments' }).click();
    const payments = page.getByRole('tabpanel', { name: 'Payments' });
    await expect(payments.getByRole('textbox', { name: 'Payment method 1' })).toBeDisabled();
    await expect(payments.getByRole('switch').first()).toBeDisabled();
    await expect(payments.getByRole('button', { name: 'Add payment method' })).toHaveCount(0);
    await expect(payments.getByRole('button', { name: /^Remove / })).toHaveCount(0);

    await page.getByRole('tab', { name: 'Store Hours' }).click();
    const monday = page.getByRole('tabpanel', { name: 'Store Hours' }).getByRole('group', { name: 'Monday' });
    await expect(monday.getByLabel('Opens')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });
});
