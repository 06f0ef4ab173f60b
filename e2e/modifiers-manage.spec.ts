import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('a Manager adds a milk choice to the bakery, and the product form shows it from the category', async ({ page }) => {
  await signIn(page, DEMO.manager, { at: '/modifier-groups' });
  // The screen sits in the sidebar's Products group.
  await expect(page.getByRole('link', { name: 'Modifiers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Modifier groups' })).toBeVisible();

  await page.getByRole('button', { name: 'Add modifier group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add modifier group' });
  await dialog.getByLabel('Name', { exact: true }).fill('Milk');
  await dialog.getByLabel('Khmer name', { exact: true }).fill('ទឹកដោះគោ');
  await dialog.getByRole('button', { name: 'Add option' }).click();
  await dialog.getByLabel('Option 1 name').fill('Fresh');
  await dialog.getByLabel('Option 2 name').fill('Condensed');
  await dialog.getByLabel('Option 3 name').fill('Oat');
  await dialog.getByLabel('Option 3 price').fill('0.50');
  await dialog.getByRole('checkbox', { name: 'Default: Fresh' }).check();
  await dialog.getByRole('checkbox', { name: 'Bakery' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created modifier group: Milk')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ has: page.getByText('Milk', { exact: true }) });
  await expect(row).toContainText('ទឹកដោះគោ');
  await expect(row.getByText('+$0.50')).toBeVisible();
  await expect(row).toContainText('Bakery');

  // The bakery's croissant now asks for milk too: its form lists the group as the category's.
  await page.getByRole('link', { name: 'Product List' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.getByPlaceholder('Search by name/SKU').fill('Butter Croissant');
  await page.getByRole('button', { name: 'Edit Butter Croissant' }).click();
  const product = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(product.getByTestId('product-modifier-groups-inherited')).toContainText('Milk');
});

test('Staff cannot open the modifier groups screen', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await expect(page.getByRole('link', { name: 'Modifiers' })).toHaveCount(0);
  await page.goto('/modifier-groups');
  await expect(page.getByRole('heading', { name: 'This screen is not available for your role' })).toBeVisible();
});
