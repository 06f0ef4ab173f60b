import { expect, test } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

test.describe('customers', () => {
  test.beforeEach(async ({ page }) => {
    page.on('dialog', (dialog) => void dialog.accept());
  });

  test('create, find, edit and delete, with the spec texts', async ({ page }) => {
    await signIn(page, DEMO.manager);
    const id = uniqueSuffix();
    const name = `E2E Customer ${id}`;
    const email = `e2e-${id}@example.com`;
    await page.goto('/customers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(crumbs.getByText('Customers', { exact: true })).toBeVisible();
    const table = page.getByRole('table', { name: 'Customers' });
    for (const header of ['Lead', 'Email', 'Phone No', 'Company', 'Action']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    await page.getByRole('button', { name: 'Add Customer' }).click();
    const form = page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Enter a valid email address.')).toBeVisible();
    await expect(form).toBeVisible();

    await form.getByLabel('Email').fill(`  ${email}  `);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, '✅ Customer created successfully!')).toBeVisible();
    await expect(form).toBeHidden();

    // Past five customers the pager shows.
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();

    await page.getByPlaceholder('Search by name/email/phone/company').fill(email);
    await expect(table.getByRole('row')).toHaveCount(2);
    const created = row(page, name);
    await expect(created).toContainText(email);
    await expect(created).toContainText('N/A');
    await expect(created.getByRole('cell').nth(2)).toHaveText('-');
    await expect(created.getByRole('cell').nth(3)).toHaveText('-');

    await created.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Customer' });
    await edit.getByLabel('Phone').fill('+855 12 000 111');
    await edit.getByLabel('Company').fill('E2E Trading');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, '✅ Customer updated')).toBeVisible();
    await expect(created).toContainText('+855 12 000 111');
    await expect(created).toContainText('E2E Trading');

    await created.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete customer?' });
    await expect(confirm).toContainText('This will permanently remove the customer. This action cannot be undone.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, '🗑️ Customer deleted')).toBeVisible();
    await expect(page.getByText('No customers found.')).toBeVisible();
  });

  test('a duplicate e-mail is shown on the field', async ({ page }) => {
    await signIn(page, DEMO.manager, { at: '/customers' });
    await page.getByRole('button', { name: 'Add Customer' }).click();
    const form = page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill('Someone Else');
    await form.getByLabel('Email').fill('LINA@mekongtours.example');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('A customer with this email already exists.')).toBeVisible();
    await expect(toast(page, 'Failed to create customer: A customer with this email already exists.')).toBeVisible();
  });

  test('Staff can add a customer but not edit or delete one', async ({ page }) => {
    await signIn(page, DEMO.staff);
    const name = `E2E Walk-in ${uniqueSuffix()}`;
    await page.goto('/customers');
    await expect(page.getByRole('table', { name: 'Customers' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);

    await page.getByRole('button', { name: 'Add Customer' }).click();
    const form = page.getByRole('dialog', { name: 'Add Customer' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(`${name.replaceAll(' ', '.').toLowerCase()}@example.com`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, '✅ Customer created successfully!')).toBeVisible();
    await page.getByPlaceholder('Search by name/email/phone/company').fill(name);
    await expect(row(page, name)).toBeVisible();
  });
});
