import { expect, test } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

test.describe('catalogue screens', () => {
  test.beforeEach(async ({ page }) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, DEMO.manager);
  });

  test('products: create, find, edit, toggle, delete, with the spec texts', async ({ page }) => {
    const id = uniqueSuffix();
    const name = `E2E Latte ${id}`;
    const sku = `E2E-${id}`.toUpperCase();
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product List');

    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('SKU').fill(sku);
    await form.getByLabel('Price').fill('2.75');
    await form.getByLabel('Image URL').fill('https://img.invalid/none.png');

    // No submit without category and unit.
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please select a category.')).toBeVisible();
    await expect(form.getByText('Please select a unit.')).toBeVisible();
    await expect(form).toBeVisible();

    await form.getByLabel('Category').selectOption({ label: 'Coffee' });
    await form.getByLabel('Unit').selectOption({ label: 'Cup (cup)' });
    await expect(form.getByLabel('Track stock')).toBeChecked();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Created product: “${name}”`)).toBeVisible();
    await expect(form).toBeHidden();

    // Newest first on page 1, at most 5 rows, the total raised.
    const rows = page.getByRole('table', { name: 'Products' }).getByRole('row');
    await expect(rows.nth(1)).toContainText(name);
    await expect(rows).toHaveCount(6);
    const created = row(page, name);
    await expect(created).toContainText('$2.75');
    await expect(created).toContainText('Coffee');
    await expect(created).toContainText(/ID: \d+/);
    // The broken image address falls back to the icon.
    await expect(created.getByTestId('thumbnail-fallback')).toBeVisible();

    await page.getByPlaceholder('Search by name/SKU').fill(sku.toLowerCase());
    await expect(rows).toHaveCount(2);
    await expect(created).toBeVisible();

    await created.getByRole('switch').click();
    await expect(toast(page, 'Deactivated')).toBeVisible();
    await expect(created.getByRole('switch')).toHaveAttribute('aria-checked', 'false');
    await expect(created.getByRole('switch')).toHaveText('Inactive');
    await created.getByRole('switch').click();
    await expect(toast(page, 'Activated')).toBeVisible();
    await expect(created.getByRole('switch')).toHaveAttribute('aria-checked', 'true');

    await created.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Product' });
    await expect(edit.getByLabel('Category')).toHaveValue(/\d+/);
    await edit.getByLabel('Name').fill(`${name} Large`);
    await edit.getByLabel('Price').fill('3.1');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Updated product: “${name} Large”`)).toBeVisible();
    await expect(row(page, `${name} Large`)).toContainText('$3.10');

    await row(page, name).getByRole('button', { name: `Delete ${name} Large` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete product?' });
    await expect(confirm).toContainText('This will permanently remove the product.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted product')).toBeVisible();
    await expect(page.getByText('No products found.')).toBeVisible();
  });

  test('products: a taken SKU is shown on the field, and Escape closes the form', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const form = page.getByRole('dialog', { name: 'Add Product' });
    await form.getByLabel('Name').fill(`Duplicate ${uniqueSuffix()}`);
    await form.getByLabel('SKU').fill('COF-001');
    await form.getByLabel('Category').selectOption({ label: 'Coffee' });
    await form.getByLabel('Unit').selectOption({ label: 'Cup (cup)' });
    await form.getByLabel('Price').fill('1');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('SKU already exists.')).toBeVisible();
    await expect(form.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');
    await expect(toast(page, 'Save failed: SKU already exists.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Product' })).toBeFocused();
  });

  test('products: the pager appears past one page, and a search or filter returns to page 1', async ({ page }) => {
    await page.goto('/products');
    const pager = page.getByRole('navigation', { name: 'Pagination' });
    await expect(pager).toBeVisible();
    await expect(page.getByText(/^Showing 1–5 of \d+$/)).toBeVisible();

    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/^Showing 6–10 of \d+$/)).toBeVisible();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(/^Showing 11–15 of \d+$/)).toBeVisible();

    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Tea' });
    await expect(page.getByText(/^Showing 1–5 of \d+$/)).toBeVisible();
    for (const cell of await page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: /ID: / }).all()) {
      await expect(cell).toContainText('Tea');
    }

    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'All' });
    await expect(page.getByText(/^Showing 1–5 of \d+$/)).toBeVisible();
    await pager.getByRole('button', { name: 'Next page' }).click();
    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByText(/^Showing 11–15 of \d+$/)).toBeVisible();
    await page.getByPlaceholder('Search by name/SKU').fill('latte');
    await expect(page.getByText(/^Showing 1–\d of \d$/)).toBeVisible();
  });

  test('/products/new opens the list with the Add Product form', async ({ page }) => {
    await page.goto('/products/new');
    const form = page.getByRole('dialog', { name: 'Add Product' });
    await expect(form).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, includeHidden: true })).toHaveText('Product List');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toBeHidden();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('table', { name: 'Products' })).toBeVisible();
  });

  test('categories: create, find, edit and delete; a category in use cannot be deleted', async ({ page }) => {
    const name = `E2E Category ${uniqueSuffix()}`;
    await page.goto('/category-list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
    const table = page.getByRole('table', { name: 'Categories' });
    for (const header of ['Name', 'Description', '# Products', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    // In use: the server's 409 message is shown.
    await row(page, 'Coffee').getByRole('button', { name: 'Delete Coffee' }).click();
    const refuse = page.getByRole('alertdialog', { name: 'Delete category?' });
    await expect(refuse).toContainText('This will permanently remove the category.');
    await refuse.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, /Delete failed: This category is used by \d+ products/)).toBeVisible();
    await expect(row(page, 'Coffee')).toBeVisible();

    await page.getByRole('button', { name: 'Add Category' }).click();
    const form = page.getByRole('dialog', { name: 'Add Category' });
    await form.getByLabel('Name').fill('   ');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Name is required.')).toBeVisible();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('Made for the browser test');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Created category: ${name}`)).toBeVisible();

    await page.getByPlaceholder('Search category...').fill(name);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row(page, name)).toContainText('Made for the browser test');
    // More than 5 categories now: the pager shows.
    await page.getByPlaceholder('Search category...').fill('');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    await page.getByPlaceholder('Search category...').fill(name);

    await row(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(edit.getByLabel('Name')).toHaveValue(name);
    await edit.getByLabel('Name').fill(`${name} Renamed`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Updated category: ${name} Renamed`)).toBeVisible();

    await row(page, `${name} Renamed`).getByRole('button', { name: `Delete ${name} Renamed` }).click();
    await page.getByRole('alertdialog', { name: 'Delete category?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted category')).toBeVisible();
    await expect(page.getByText('No categories found.')).toBeVisible();
  });

  test('units: create, find, edit and delete', async ({ page }) => {
    const name = `E2E Unit ${uniqueSuffix()}`;
    await page.goto('/unit-list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Units');
    const table = page.getByRole('table', { name: 'Units' });
    for (const header of ['Name', 'Symbol', 'Description', 'Actions']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add Unit' }).click();
    const form = page.getByRole('dialog', { name: 'Add Unit' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Symbol is required.')).toBeVisible();
    await form.getByLabel('Symbol').fill('e2e');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Created unit')).toBeVisible();

    await page.getByPlaceholder('Search unit...').fill(name);
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row(page, name)).toContainText('e2e');

    await row(page, name).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Unit' });
    await edit.getByLabel('Symbol').fill('e2x');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Updated unit')).toBeVisible();
    await expect(row(page, name)).toContainText('e2x');

    await row(page, name).getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete unit?' });
    await expect(confirm).toContainText('This will permanently remove the unit.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Deleted unit')).toBeVisible();
    await expect(page.getByText('No units found.')).toBeVisible();
  });
});

test.describe('catalogue as Staff', () => {
  test('Staff can read products, categories and units but sees no write controls', async ({ page }) => {
    await signIn(page, DEMO.staff, { at: '/products' });
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row').nth(1)).toContainText(/ID: \d+/);
    await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await expect(table.getByRole('switch')).toHaveCount(0);
    await expect(table.getByText('Active').first()).toBeVisible();

    await page.goto('/products/new');
    await expect(table.getByRole('row').nth(1)).toContainText(/ID: \d+/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/category-list');
    await expect(page.getByRole('table', { name: 'Categories' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

    await page.goto('/unit-list');
    await expect(page.getByRole('table', { name: 'Units' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Unit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
  });
});
