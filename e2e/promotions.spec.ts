import { expect, test } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

test.describe('promotions', () => {
  test.beforeEach(async ({ page }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, DEMO.manager);
  });

  test('create with the product picker, find, edit and delete, with the spec texts', async ({ page }) => {
    const title = `E2E Happy Hour ${uniqueSuffix()}`;
    await page.goto('/promotions');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promotions');
    const table = page.getByRole('table', { name: 'Promotions' });
    for (const header of ['ID', 'Promotion', 'Product', 'Discount (%)', 'Valid Until', 'Active', 'Edit', 'Delete']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    await page.getByRole('button', { name: '+ Add Promotion' }).click();
    const form = page.getByRole('dialog', { name: 'Add Promotion' });
    await expect(form.getByLabel('Discount (%)')).toHaveValue('10');
    await form.getByLabel('Discount (%)').fill('150');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Title is required.')).toBeVisible();
    await expect(form.getByText('Please select a product.')).toBeVisible();
    await expect(form.getByText('Discount must be between 0 and 100.')).toBeVisible();

    await form.getByLabel('Title').fill(`  ${title}  `);
    await form.getByLabel('Discount (%)').fill('15');
    await form.getByLabel('Valid Until').fill('2099-12-31');

    // The picker searches the server as you type; arrows and Enter pick, Escape only closes the list.
    const picker = form.getByRole('combobox', { name: 'Product' });
    await picker.click();
    await picker.fill('iced lat');
    const options = page.getByRole('listbox');
    await expect(options.getByRole('option', { name: /Iced Latte/ })).toBeVisible();
    await expect(options.getByRole('option')).toHaveCount(1);
    await picker.press('Escape');
    await expect(options).toBeHidden();
    await expect(form).toBeVisible();
    await picker.fill('iced lat');
    await expect(options.getByRole('option', { name: /Iced Latte/ })).toBeVisible();
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await expect(picker).toHaveValue('Iced Latte');
    await expect(form).toBeVisible();

    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Promotion created successfully')).toBeVisible();
    await expect(form).toBeHidden();
    const created = row(page, title);
    await expect(created).toContainText('Iced Latte');
    await expect(created).toContainText('15');
    await expect(created).toContainText('2099-12-31');
    await expect(created).toContainText('Yes');

    await page.getByPlaceholder('Search title/product…').fill(title);
    await expect(table.getByRole('row')).toHaveCount(2);

    await created.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Promotion' });
    await expect(edit.getByRole('combobox', { name: 'Product' })).toHaveValue('Iced Latte');
    await edit.getByLabel('Discount (%)').fill('20');
    await edit.getByLabel('Active').uncheck();
    await edit.getByLabel('Valid Until').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Promotion updated')).toBeVisible();
    await expect(created).toContainText('20');
    await expect(created).toContainText('No');
    await expect(created.getByRole('cell').nth(4)).toHaveText('-');

    await created.getByRole('button', { name: `Delete ${title}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete promotion “${title}”?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Promotion deleted')).toBeVisible();
    await expect(page.getByText('No promotions available')).toBeVisible();
  });

});

test.describe('promotions as Staff', () => {
  test('Staff sees promotions without write controls', async ({ page }) => {
    await signIn(page, DEMO.staff, { at: '/promotions' });
    await expect(page.getByRole('table', { name: 'Promotions' })).toBeVisible();
    await expect(page.getByRole('button', { name: '+ Add Promotion' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Edit', exact: true })).toHaveCount(0);
  });
});
