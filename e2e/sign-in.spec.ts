import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { DEMO, signIn } from './support';

/** Accepts every browser alert as it opens (a click cannot finish while one is open) and keeps its text. */
function acceptAlerts(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

test.describe('sign-in and session', () => {
  test('an authenticated screen without a token goes to sign-in', async ({ page }) => {
    await page.goto('/products');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText('Remember me')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/auth/forgot-password');
    await expect(page.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/auth/sign-up');
  });

  test('a wrong password shows the server message in a red banner', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email').fill(DEMO.manager.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'These credentials do not match our records.' });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveCSS('color', /rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/);
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
  });

  test('empty fields are refused before any call', async ({ page }) => {
    await page.goto('/auth/sign-in');
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login')) calls += 1;
    });
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('Email is required.')).toBeVisible();
    await expect(page.getByText('Password is required.')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('signs in, stays signed in across a reload, and signs out with the server revoking the token', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email').fill(`  ${DEMO.admin.email}  `);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password);
    const button = page.getByRole('button', { name: 'Sign in', exact: true });
    await button.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_user') ?? 'null'));
    expect(token).toBeTruthy();
    expect(user).toMatchObject({ email: DEMO.admin.email, role: 'Admin' });

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(DEMO.admin.name)).toBeVisible();
    await expect(menu.getByText(DEMO.admin.email)).toBeVisible();
    await expect(menu.getByText('Admin', { exact: true })).toBeVisible();

    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('auth_user')])).toEqual([null, null]);

    const me = await page.request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('sign-out still signs out locally when the logout call fails', async ({ page }) => {
    await signIn(page);
    await page.route('**/api/logout', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('a token revoked elsewhere ends the session with "Session expired. Please sign in again."', async ({ page }) => {
    await signIn(page);
    // The dashboard's own calls must be answered first: one still in flight when the token is
    // revoked would end the session on the dashboard, before this test opens /customers.
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const out = await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(out.status()).toBe(200);
    await page.goto('/customers');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByText('Session expired. Please sign in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  });

  test('sign-in returns to the screen the user was sent away from', async ({ page }) => {
    await page.goto('/supplier');
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await page.getByLabel('Email').fill(DEMO.staff.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.staff.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/supplier$/);
  });
});

test.describe('sign-up and forgot password (demos that send nothing)', () => {
  test('sign-up only says "Signed up!"', async ({ page }) => {
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() !== 'GET') posts += 1;
    });
    await page.goto('/auth/sign-up');
    await page.getByLabel('Name').fill('Sophea');
    await page.getByLabel('Email').fill('sophea@example.com');
    await page.getByLabel('Password').fill('secret123');
    const alerts = acceptAlerts(page);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => alerts).toEqual(['Signed up!']);
    expect(posts).toBe(0);
    await expect(page.getByRole('button', { name: /Facebook/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Google/ })).toBeVisible();
  });

  test('forgot password needs an e-mail and tells where the link went', async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill('owner@cafe.example');
    const alerts = acceptAlerts(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => alerts.join()).toContain('owner@cafe.example');
    await expect(page.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  });
});
