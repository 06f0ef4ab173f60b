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

/** A suffix that keeps this run's records apart: every spec shares one demo database. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** The toast that says exactly `text` (or matches the pattern); toasts stack at the top left. */
export function toast(page: Page, text: string | RegExp) {
  const pattern = typeof text === 'string' ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : text;
  return page.locator('[data-sonner-toast]').filter({ hasText: pattern });
}

/** The table row that mentions `text`. */
export function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}
