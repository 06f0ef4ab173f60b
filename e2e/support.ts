import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@demo.shop', password: 'demo1234', name: 'Admin Demo' },
  manager: { email: 'manager@demo.shop', password: 'demo1234', name: 'Manager Demo' },
  staff: { email: 'staff@demo.shop', password: 'demo1234', name: 'Staff Demo' },
} as const;

/**
 * The console's route table (apps/web/src/app/router.tsx) with each screen's title, as an Admin
 * sees it. /products/new is the product list with the Add Product dialog open: catalog.spec.ts
 * checks it.
 */
export const CONSOLE_SCREENS: readonly (readonly [route: string, title: string])[] = [
  ['/dashboard', 'Dashboard'],
  ['/products', 'Product List'],
  ['/expire-product', 'Expiring Products'],
  ['/category-list', 'Categories'],
  ['/unit-list', 'Units'],
  ['/modifier-groups', 'Modifier groups'],
  ['/inventory', 'Stock Inventory'],
  ['/sale', 'Point of Sale'],
  ['/orders', 'Sales Orders'],
  ['/promotions', 'Promotions'],
  ['/customers', 'Customers'],
  ['/settings', 'Settings'],
  ['/settings/account', 'Account Settings'],
  ['/supplier', 'Suppliers'],
  ['/supplies', 'Supplies'],
  ['/supplies-list', 'Supplies'],
  ['/supplies/create', 'Create Supply'],
  ['/supplies-item', 'Supply Items'],
  ['/report-purchase', 'Purchase Report'],
  ['/report-sale', 'Sales Report'],
  ['/report-stock', 'Stock Report'],
  ['/profile', 'Profile'],
  ['/notifications', 'Notifications'],
  ['/chat', 'Conversation'],
  ['/users', 'Users'],
  ['/shifts', 'Shifts'],
  ['/kitchen', 'Kitchen display'],
];

/** The Khmer texts, keyed by their English text. */
export const KHMER = JSON.parse(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/lib/locales/kh.json'), 'utf8')) as Record<string, string>;

/** The demo's till with a shift open all day (Staff Demo's float): the till specs sell there. */
export const DEMO_TILL = 'Front counter';

/**
 * Signs in as the sign-in screen does (POST /api/login, the session kept in local storage; the
 * screen itself is checked in sign-in.spec.ts) and opens `at`, the dashboard unless told. The
 * browser is set to a till first, as a cafe's till browser is (`DEMO_TILL` unless told; null leaves
 * it unset), so the till screen sells in that till's open shift.
 */
export async function signIn(page: Page, account: { email: string; password: string } = DEMO.admin, options: { till?: string | null; at?: string } = {}) {
  const answer = await page.request.post('/api/login', { data: { email: account.email, password: account.password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const session = (await answer.json()) as { access_token: string; user: unknown };
  // A small file of the console's own origin: its local storage, without starting the console for it.
  await page.goto('/favicon.svg');
  await page.evaluate(({ access_token, user }) => {
    localStorage.setItem('access_token', access_token);
    localStorage.setItem('auth_user', JSON.stringify(user));
  }, session);
  await setBrowserTill(page, options.till === undefined ? DEMO_TILL : options.till);
  if (options.at) await page.goto(options.at);
  else {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
  }
}

/** Sets this browser's till by name (what the till screen's picker stores), or forgets it with null. */
export async function setBrowserTill(page: Page, name: string | null) {
  const found = await page.evaluate(async (wanted) => {
    if (wanted === null) {
      localStorage.removeItem('till_id');
      return true;
    }
    const answer = await fetch('/api/tills', { headers: { Authorization: `Bearer ${localStorage.getItem('access_token')}` } });
    // A role that does not sell has no till to set.
    if (answer.status === 403) return true;
    const tills = ((await answer.json()) as { data: { id: number; name: string }[] }).data;
    const till = tills.find((candidate) => candidate.name === wanted);
    if (till) localStorage.setItem('till_id', String(till.id));
    return Boolean(till);
  }, name);
  expect(found, `the till ${name}`).toBe(true);
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
