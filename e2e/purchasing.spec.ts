import { expect, test, type Page } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

/** Picks a product in a Create Supply line by typing part of its name. */
async function pickProduct(page: Page, line: number, search: string, name: string) {
  const picker = page.getByRole('combobox', { name: `Product (line ${line})` });
  await picker.click();
  await picker.fill(search);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(picker).toHaveValue(name);
}

const subtotal = (page: Page) => page.getByText('Subtotal', { exact: true }).locator('xpath=following-sibling::*[1]');

test.describe('purchasing', () => {
  test('a supplier, a two-line supply, its details, and correcting its items', async ({ page }) => {
    test.slow();
    await signIn(page, DEMO.manager);
    const id = uniqueSuffix();
    const code = `E2E-${id}`.toUpperCase();
    const name = `E2E Supplier ${id}`;
    const invoice = `E2E-INV-${id}`;

    // Suppliers: add, find, edit; a taken code shows on its field.
    await page.goto('/supplier');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Suppliers');
    const suppliers = page.getByRole('table', { name: 'Suppliers' });
    for (const header of ['Code', 'Name', 'Contact', 'Email', 'Phone', 'Location', 'Active', 'Actions']) {
      await expect(suppliers.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: '+ Add Supplier' }).click();
    let form = page.getByRole('dialog', { name: 'Add Supplier' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Email').fill(`e2e-${id}@supplier.example`);
    await form.getByLabel('City').fill('Siem Reap');
    await form.getByLabel('Country').fill('Cambodia');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Supplier created')).toBeVisible();
    await expect(form).toBeHidden();

    await page.getByPlaceholder('Search by code/name/email/phone').fill(code);
    await expect(suppliers.getByRole('row')).toHaveCount(2);
    const supplierRow = row(page, name);
    await expect(supplierRow).toContainText('Siem Reap, Cambodia');
    await expect(supplierRow).toContainText(`e2e-${id}@supplier.example`);
    await expect(supplierRow.getByText('Active', { exact: true })).toBeVisible();

    await supplierRow.getByRole('button', { name: `Edit ${name}` }).click();
    form = page.getByRole('dialog', { name: 'Edit Supplier' });
    await expect(form.getByLabel('Code')).toHaveValue(code);
    await form.getByLabel('Contact Name').fill('Dara Sok');
    await form.getByLabel('Phone').fill('+855 63 555 010');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Supplier updated')).toBeVisible();
    await expect(supplierRow).toContainText('Dara Sok');
    await expect(supplierRow).toContainText('+855 63 555 010');

    await page.getByLabel('Status').selectOption('Inactive');
    await expect(page.getByText('No suppliers found.')).toBeVisible();
    await page.getByLabel('Status').selectOption('Active');
    await expect(supplierRow).toBeVisible();

    await page.getByRole('button', { name: '+ Add Supplier' }).click();
    form = page.getByRole('dialog', { name: 'Add Supplier' });
    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByLabel('Name', { exact: true }).fill('Someone Else');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('A supplier with this code already exists.')).toBeVisible();
    await expect(toast(page, 'Failed to create supplier: A supplier with this code already exists.')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Create Supply: two lines kept, a third added and removed; the subtotal follows.
    await page.goto('/supplies');
    await page.getByRole('link', { name: '+ New Supply' }).click();
    await expect(page).toHaveURL(/\/supplies\/create$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Supply');
    await expect(page.getByLabel('Invoice Date')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole('combobox', { name: /^Product \(line/ })).toHaveCount(1);
    await page.getByLabel('Supplier').selectOption({ label: `${name} (${code})` });
    await page.getByLabel('Invoice ID').fill(invoice);

    await pickProduct(page, 1, 'mineral', 'Mineral Water 500 ml');
    await page.getByLabel('Qty (line 1)').fill('10');
    await page.getByLabel('Unit Price (line 1)').fill('0.25');
    await page.getByLabel('Expire (line 1)').fill('2027-06-30');
    await expect(subtotal(page)).toHaveText('$2.50');

    await page.getByRole('button', { name: 'Add Line' }).click();
    await pickProduct(page, 2, 'butter', 'Butter Croissant');
    await page.getByLabel('Qty (line 2)').fill('4');
    await page.getByLabel('Unit Price (line 2)').fill('0.85');
    await page.getByLabel('Notes (line 2)').fill('morning delivery');
    await expect(subtotal(page)).toHaveText('$5.90');

    await page.getByRole('button', { name: 'Add Line' }).click();
    await pickProduct(page, 3, 'lemon', 'Lemon Cookies');
    await page.getByLabel('Unit Price (line 3)').fill('2');
    await expect(subtotal(page)).toHaveText('$7.90');
    await page.getByRole('button', { name: 'Remove line 3' }).click();
    await expect(page.getByRole('combobox', { name: /^Product \(line/ })).toHaveCount(2);
    await expect(subtotal(page)).toHaveText('$5.90');

    await page.getByRole('button', { name: 'Save Supply' }).click();
    await expect(toast(page, '✅ Supply created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/supplies$/);

    // The list and the Supply Details dialog.
    await page.getByPlaceholder('Search invoice or supplier…').fill(invoice);
    const supplies = page.getByRole('table', { name: 'Supplies' });
    await expect(supplies.getByRole('row')).toHaveCount(2);
    const supplyRow = row(page, invoice);
    await expect(supplyRow).toContainText(name);
    await expect(supplyRow.getByRole('cell').nth(3)).toHaveText('2');
    await supplyRow.getByRole('button', { name: /^View/ }).click();
    const details = page.getByRole('dialog', { name: 'Supply Details' });
    await expect(details).toContainText(invoice);
    await expect(details).toContainText(name);
    const water = details.getByRole('row').filter({ hasText: 'Mineral Water 500 ml' });
    await expect(water).toContainText('$0.25');
    await expect(water).toContainText('$2.50');
    await expect(water).toContainText('2027-06-30');
    await expect(details.getByRole('row').filter({ hasText: 'Butter Croissant' })).toContainText('$3.40');
    // A click on the backdrop, beside the dialog, closes it.
    await page.mouse.click(1265, 400);
    await expect(details).toBeHidden();

    // Supply Items: the supply's two lines; edit one, delete the other.
    await page.goto('/supplies-item');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Supply Items');
    await page.getByPlaceholder('Search product/sku/invoice…').fill(invoice);
    const items = page.getByRole('table', { name: 'Supply Items' });
    await expect(items.getByRole('row')).toHaveCount(3);
    const croissant = row(page, 'Butter Croissant');
    await expect(croissant).toContainText(name);
    await expect(croissant).toContainText('$3.40');
    const croissantId = (await croissant.getByRole('cell').first().textContent())!.trim();

    await croissant.getByRole('button', { name: `Edit Item #${croissantId}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Item #${croissantId}` });
    await expect(edit.getByLabel('Quantity')).toHaveValue('4');
    await expect(edit.getByLabel('Unit Price')).toHaveValue('0.85');
    await edit.getByLabel('Quantity').fill('6');
    await edit.getByLabel('Expire Date').fill('2026-12-31');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Item updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(croissant.getByRole('cell').nth(3)).toHaveText('6');
    await expect(croissant).toContainText('$5.10');
    await expect(croissant).toContainText('2026-12-31');

    const waterItem = row(page, 'Mineral Water 500 ml');
    const waterId = (await waterItem.getByRole('cell').first().textContent())!.trim();
    await waterItem.getByRole('button', { name: `Delete item #${waterId}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete item?' });
    await expect(confirm).toContainText('This will permanently remove the item.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Item deleted successfully')).toBeVisible();
    await expect(items.getByRole('row')).toHaveCount(2);
    await expect(row(page, 'Mineral Water 500 ml')).toHaveCount(0);
  });

  test('Create Supply shows every problem at once, clears each when fixed, and shows a taken invoice ID on its field', async ({ page }) => {
    await signIn(page, DEMO.manager, { at: '/supplies/create' });
    const save = page.getByRole('button', { name: 'Save Supply' });

    await page.getByLabel('Invoice Date').fill('');
    await page.getByLabel('Qty (line 1)').fill('1000000000');
    await page.getByLabel('Unit Price (line 1)').fill('-1');
    await save.click();
    const expected: [string, string][] = [
      ['Supplier', 'Please choose a supplier.'],
      ['Invoice ID', 'Invoice ID is required.'],
      ['Invoice Date', 'Invoice date is required.'],
      ['Product (line 1)', 'Each line must have a product.'],
      ['Qty (line 1)', 'Quantity is too large.'],
      ['Unit Price (line 1)', 'Unit price must be ≥ 0.'],
    ];
    for (const [label, message] of expected) {
      await expect(page.getByLabel(label, { exact: true })).toHaveAccessibleDescription(message);
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Supplier')).toBeFocused();

    // Each message goes as soon as its field is right.
    await page.getByLabel('Supplier').selectOption({ label: 'Golden Bakery Supplies (SUP-003)' });
    await expect(page.getByText('Please choose a supplier.')).toBeHidden();
    await page.getByLabel('Invoice ID').fill('GB-1101');
    await page.getByLabel('Invoice Date').fill('2026-11-21');
    await pickProduct(page, 1, 'butter', 'Butter Croissant');
    await page.getByLabel('Qty (line 1)').fill('3');
    await expect(page.getByText('Quantity is too large.')).toBeHidden();
    await expect(page.getByText('Unit price must be ≥ 0.')).toBeVisible();
    for (const [label] of expected.slice(0, 5)) await expect(page.getByLabel(label, { exact: true })).not.toHaveAttribute('aria-invalid');

    // The demo shop already has Golden Bakery's invoice GB-1101: the server refuses, the form keeps everything.
    await page.getByLabel('Unit Price (line 1)').fill('0.8');
    await save.click();
    const taken = 'This supplier already has a supply with this invoice ID.';
    await expect(toast(page, `Failed to create supply: ${taken}`)).toBeVisible();
    await expect(page.getByLabel('Invoice ID')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(taken, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/supplies\/create$/);
    await expect(page.getByRole('combobox', { name: 'Product (line 1)' })).toHaveValue('Butter Croissant');
  });
});
