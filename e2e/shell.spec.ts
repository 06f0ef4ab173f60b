import { expect, test } from '@playwright/test';
import { CONSOLE_SCREENS, KHMER as kh, signIn } from './support';


test.describe('the shell', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page);
  });

  test('every route of the route table opens inside the layout with its title', async ({ page }) => {
    test.setTimeout(120_000);
    for (const [route, title] of CONSOLE_SCREENS) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }), route).toHaveText(title);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
      await expect(page.getByPlaceholder('Search products, orders, customers…')).toBeVisible();
    }
  });

  test('the breadcrumb shows Dashboard then each page as people call it, linked except the last', async ({ page }) => {
    await page.goto('/settings/account');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(crumbs.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(crumbs.getByText('Account settings', { exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(crumbs.getByRole('link', { name: 'Account settings' })).toHaveCount(0);

    await page.goto('/report-sale');
    await expect(crumbs.getByRole('listitem')).toHaveText(['Dashboard', 'Sales report']);
    // The sidebar keeps the required labels.
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sale Report' })).toBeVisible();
  });

  test('a sidebar group opens by itself when the path is inside it, and toggles on click', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await page.goto('/dashboard');
    await expect(nav.getByRole('link', { name: 'Category' })).toBeHidden();

    await page.goto('/category-list');
    await expect(nav.getByRole('link', { name: 'Category' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Unit' })).toBeVisible();

    await nav.getByRole('button', { name: 'Supplies' }).click();
    await expect(nav.getByRole('link', { name: 'Supply Items' })).toBeVisible();
    await nav.getByRole('link', { name: 'Supply Items' }).click();
    await expect(page).toHaveURL(/\/supplies-item$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Supply Items');
  });

  test('the sidebar collapses to 90 px with tooltips and fly-outs, expands back to 220 px, and remembers', async ({ page }) => {
    const sidebar = page.locator('aside').first();
    await expect(sidebar).toHaveCSS('width', '220px');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar).toHaveCSS('width', '90px');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Customers' }).hover();
    await expect(page.getByRole('tooltip', { name: 'Customers' })).toBeVisible();

    await nav.getByRole('button', { name: 'Reports' }).hover();
    await expect(page.getByRole('link', { name: 'Stock Report', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Stock Report', exact: true }).click();
    await expect(page).toHaveURL(/\/report-stock$/);

    await page.reload();
    await expect(sidebar).toHaveCSS('width', '90px');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar).toHaveCSS('width', '220px');
  });

  test('the sidebar is hidden on a small screen and the toggle opens it as a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 640, height: 900 });
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Customers' }).click();
    await expect(page).toHaveURL(/\/customers$/);
    await expect(nav).toBeHidden();
  });

  test('the language menu switches the header to Khmer and remembers it; sidebar labels stay English', async ({ page }) => {
    const placeholderKh = kh['Search products, orders, customers…'];
    expect(placeholderKh).toBeTruthy();
    await page.getByRole('button', { name: 'Change language' }).click();
    await page.getByRole('menuitemradio', { name: /ខ្មែរ|Khmer/ }).click();
    await expect(page.getByPlaceholder(placeholderKh!)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'km');
    await expect(page.getByRole('navigation', { name: kh['Main navigation'] ?? 'Main navigation' }).getByRole('link', { name: 'Customers' })).toBeVisible();

    await page.reload();
    await expect(page.getByPlaceholder(placeholderKh!)).toBeVisible();

    await page.getByRole('button', { name: kh['Change language'] }).click();
    await page.getByRole('menuitemradio', { name: /English/ }).click();
    await expect(page.getByPlaceholder('Search products, orders, customers…')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('the theme toggle switches light and dark for real and remembers it', async ({ page }) => {
    const html = page.locator('html');
    const startsDark = await html.evaluate((el) => el.classList.contains('dark'));
    const bodyColor = () => page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
    const before = await bodyColor();
    await page.getByRole('button', { name: startsDark ? 'Switch to light theme' : 'Switch to dark theme' }).click();
    await expect(html).toHaveClass(startsDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
    expect(await bodyColor()).not.toBe(before);
    await page.reload();
    expect(await html.evaluate((el) => el.classList.contains('dark'))).toBe(!startsDark);
  });

  test('the profile menu closes on Escape and on an outside click, and links to the profile screens', async ({ page }) => {
    const open = page.getByRole('button', { name: 'Open profile menu' });
    await expect(open).toHaveText('AD');
    await open.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    await open.click();
    await page.mouse.click(600, 500);
    await expect(page.getByRole('menu')).toBeHidden();

    await open.click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/settings\/account$/);
    await open.click();
    await page.getByRole('menuitem', { name: 'View Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('toasts appear at the top left and can be closed', async ({ page }) => {
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Logged out successfully' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    expect(box!.x).toBeLessThan(100);
    expect(box!.y).toBeLessThan(100);
    await toast.hover();
    await toast.getByRole('button', { name: /close/i }).click();
    await expect(toast).toBeHidden();
  });

  test('an unknown screen shows a not-found page with a way home', async ({ page }) => {
    await page.goto('/no-such-screen');
    await expect(page.getByRole('link', { name: /dashboard|home/i }).first()).toBeVisible();
  });

  test('a dropped network keeps the layout: the screen says so, and opens by itself once the connection is back', async ({ page, context }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await context.setOffline(true);
    // The screen's own message; a toast from a background refresh may say the same.
    const main = page.locator('#main');
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' }).click();

    await expect(main.getByText('Network error — check your connection.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    // The console is still there: sidebar, header search.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByPlaceholder('Search products, orders, customers…')).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('offline-screen.png') });

    // Retry while still offline keeps the message.
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(main.getByText('Network error — check your connection.')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers', { timeout: 15_000 });
    await expect(main.getByText('Network error — check your connection.')).toHaveCount(0);
  });

  test('the emoji of the console texts come with the console, so a till without an emoji font shows them', async ({ page }) => {
    await page.goto('/customers');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customers');
    // The bundled faces are served and cover every emoji the texts use, whatever the till has installed.
    const loaded = await page.evaluate(async () => {
      const faces = await document.fonts.load('16px "Console Emoji"', '✅❌🗑️👍');
      return faces.map((face) => ({ family: face.family, status: face.status, range: face.unicodeRange }));
    });
    expect(loaded).toHaveLength(3);
    for (const face of loaded) expect(face).toMatchObject({ family: 'Console Emoji', status: 'loaded' });
    expect(loaded.map((face) => face.range).join(',')).toMatch(/U\+2705.*U\+274C|U\+274C.*U\+2705/i);
    // And the console's own text stack reaches them.
    const stack = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(stack).toContain('Console Emoji');

    // Toasts too, where the emoji and Khmer texts mostly appear.
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Logged out successfully' });
    await expect(toast).toBeVisible();
    const toastStack = await toast.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(toastStack).toContain('Noto Sans Khmer Variable');
    expect(toastStack).toContain('Console Emoji');
  });
});
