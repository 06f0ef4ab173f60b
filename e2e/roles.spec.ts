import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

// What each role may open (apps/web/src/app/screen-access.ts, from the permission table).
const MANAGERS_ONLY = ['/report-sale', '/report-purchase', '/report-stock', '/supplier', '/supplies', '/supplies-list', '/supplies/create', '/supplies-item'];
const ADMINS_ONLY = ['/users'];

/** Every link the sidebar offers, with its groups opened. */
async function sidebarLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  const hrefs = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs)].filter((href) => !href.startsWith('/auth/'));
}

/** Records every API answer that refused the signed-in user. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return refused;
}

async function walk(page: Page, links: string[], hidden: string[]) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const href of links) {
    // Following the sidebar, as a person does (the groups opened stay open).
    await nav.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/?]/g, '\\$&')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('This screen is not available for your role')).toHaveCount(0);
    // Nothing on the screen points at a screen this role cannot open.
    const onScreen = await page.locator('main a[href]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(onScreen.filter((to) => hidden.some((path) => to === path || to.startsWith(`${path}?`))), `links on ${href}`).toEqual([]);
  }
}

test.describe('each role sees its own console', () => {
  test('Staff: the till, their sales, the catalogue and customers; no reports, purchasing or users, and never a refusal', async ({ page }) => {
    test.setTimeout(120_000);
    const refused = watchRefusals(page);
    await signIn(page, DEMO.staff);

    const links = await sidebarLinks(page);
    for (const need of ['/dashboard', '/sale', '/orders', '/products', '/expire-product', '/inventory', '/customers', '/notifications', '/chat']) {
      expect(links, `Staff need ${need}`).toContain(need);
    }
    const hidden = [...MANAGERS_ONLY, ...ADMINS_ONLY];
    expect(links.filter((href) => hidden.includes(href))).toEqual([]);

    await walk(page, links, hidden);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: 'Open the till' })).toBeVisible();
    expect(refused).toEqual([]);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);

    // Staff see quantities, not what stock cost.
    await page.goto('/inventory');
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Price In' })).toHaveCount(0);

    // A URL typed by hand: one calm page inside the layout, no toast, nothing asked of the server.
    for (const path of hidden) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'This screen is not available for your role' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    }
    await expect(page.getByText('It is for: Admin, Manager. Ask one of them if you need something from it.')).toHaveCount(0);
    await page.goto('/report-stock');
    await expect(page.getByText('It is for: Admin, Manager. Ask one of them if you need something from it.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(refused).toEqual([]);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });

  test('Manager: reports, suppliers and supplies too, but not staff accounts', async ({ page }) => {
    test.setTimeout(120_000);
    const refused = watchRefusals(page);
    await signIn(page, DEMO.manager);

    const links = await sidebarLinks(page);
    for (const need of ['/dashboard', '/sale', '/orders', ...MANAGERS_ONLY.filter((path) => path !== '/supplies/create'), '/promotions', '/category-list']) {
      expect(links, `Managers need ${need}`).toContain(need);
    }
    expect(links).not.toContain('/users');

    await walk(page, links, ADMINS_ONLY);
    await page.goto('/supplies');
    await expect(page.getByRole('link', { name: '+ New Supply' })).toBeVisible();
    await page.goto('/users');
    await expect(page.getByRole('heading', { name: 'This screen is not available for your role' })).toBeVisible();
    await expect(page.getByText('It is for: Admin. Ask one of them if you need something from it.')).toBeVisible();
    expect(refused).toEqual([]);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  });
});
