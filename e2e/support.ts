import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@demo.shop', password: 'demo1234', name: 'Admin Demo' },
  manager: { email: 'manager@demo.shop', password: 'demo1234', name: 'Manager Demo' },
  staff: { email: 'staff@demo.shop', password: 'demo1234', name: 'Staff Demo' },
} as const;

/** Signs in through the real sign-in screen and waits for the dashboard. */
export async function signIn(page: Page, account: { email: string; password: string } = DEMO.admin) {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
