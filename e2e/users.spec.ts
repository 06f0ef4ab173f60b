import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

/** Signs in on the sign-in screen without expecting to get in. */
async function trySignIn(page: Page, email: string, password: string) {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A second person at another browser, next to the Admin's. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

async function openUsers(page: Page, search: string) {
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  await page.getByPlaceholder('Search by name/email').fill(search);
  await expect(row(page, search)).toHaveCount(1);
}

test.describe('staff accounts', () => {
  test('a visitor signs up, waits for approval, and gets in once the Admin approves', async ({ page, browser }) => {
    const suffix = uniqueSuffix();
    const name = `Sign-up ${suffix}`;
    const email = `signup-${suffix}@example.com`;
    const password = `brew-${suffix}`;

    const guest = await visitor(browser);
    const alerts: string[] = [];
    guest.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await guest.goto('/auth/sign-up');
    await guest.getByLabel('Name').fill(name);
    await guest.getByLabel('Email').fill(email);
    await guest.getByLabel('Password').fill(password);
    await guest.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => alerts).toEqual(['Signed up! An administrator will approve your account before you can sign in.']);
    await expect(guest).toHaveURL(/\/auth\/sign-in$/);

    await trySignIn(guest, email, password);
    await expect(guest.getByRole('alert').filter({ hasText: 'Your account is waiting for an administrator to approve it.' })).toBeVisible();
    await expect(guest).toHaveURL(/\/auth\/sign-in$/);

    await signIn(page);
    await openUsers(page, email);
    const pending = row(page, email);
    await expect(pending).toContainText('Pending');
    await pending.getByRole('button', { name: `Approve ${name}` }).click();
    await expect(toast(page, 'Account approved')).toBeVisible();
    await expect(pending).toContainText('Active');

    await signIn(guest, { email, password });
    await expect(guest.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await guest.context().close();
  });

  test('the Admin adds a user, sets their password, deactivates and reactivates them', async ({ page, browser }) => {
    const suffix = uniqueSuffix();
    const name = `Barista ${suffix}`;
    const email = `barista-${suffix}@example.com`;
    const firstPassword = `first-${suffix}`;
    const newPassword = `second-${suffix}`;

    await signIn(page, DEMO.admin, { at: '/users' });
    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption('Staff');
    await dialog.getByLabel('Initial password').fill(firstPassword);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'User added')).toBeVisible();
    await expect(dialog).toBeHidden();

    await openUsers(page, email);
    const account = row(page, email);
    await expect(account).toContainText('Staff');
    await expect(account).toContainText('Active');

    await account.getByRole('button', { name: `Set password for ${name}` }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Set password' });
    await passwordDialog.getByLabel('New password').fill(newPassword);
    await passwordDialog.getByRole('button', { name: 'Set password' }).click();
    await expect(toast(page, 'Password set. Their other sessions were signed out.')).toBeVisible();

    const barista = await visitor(browser);
    await trySignIn(barista, email, firstPassword);
    await expect(barista.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' })).toBeVisible();
    await signIn(barista, { email, password: newPassword });

    await account.getByRole('button', { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate this account?' });
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Account deactivated')).toBeVisible();
    await expect(account).toContainText('Deactivated');

    await barista.context().clearCookies();
    await barista.evaluate(() => localStorage.clear());
    await trySignIn(barista, email, newPassword);
    await expect(
      barista.getByRole('alert').filter({ hasText: 'This account has been deactivated. Ask an administrator to reactivate it.' }),
    ).toBeVisible();

    await account.getByRole('button', { name: `Reactivate ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Reactivate this account?' }).getByRole('button', { name: 'Reactivate' }).click();
    await expect(toast(page, 'Account reactivated')).toBeVisible();
    await expect(account).toContainText('Active');

    await signIn(barista, { email, password: newPassword });
    await barista.context().close();
  });
});
