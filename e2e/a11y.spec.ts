import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { CONSOLE_SCREENS, DEMO, KHMER as kh, signIn } from './support';

/** WCAG 2.1 A and AA: what the issue asks every screen to pass. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const PUBLIC_SCREENS = ['/auth/sign-in', '/auth/sign-up', '/auth/forgot-password'];

// The route table without /supplies-list, the same screen as /supplies under a second path.
const SCREENS = CONSOLE_SCREENS.filter(([route]) => route !== '/supplies-list');

type Theme = 'light' | 'dark';

/** Chooses the theme the way the header toggle leaves it: in local storage, read when the app starts. */
async function chooseTheme(page: Page, theme: Theme) {
  await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
}

/**
 * The fonts Chromium drew the page's Khmer words with, by the DevTools protocol's own account: up to
 * 40 visible texts of Khmer letters alone (a space is drawn by the system font, so none is taken).
 */
async function fontsOfKhmerTexts(page: Page): Promise<string[]> {
  const marker = 'data-khmer-text';
  const count = await page.evaluate(async (attribute) => {
    await document.fonts.ready;
    const elements = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.children.length === 0 && element.offsetParent !== null && /^[\u1780-\u17FF]+$/.test((element.textContent ?? '').trim()))
      .slice(0, 40);
    elements.forEach((element) => element.setAttribute(attribute, ''));
    return elements.length;
  }, marker);
  expect(count, 'texts in Khmer alone').toBeGreaterThan(0);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', { nodeId: root.nodeId, selector: `[${marker}]` });
    const families = new Set<string>();
    for (const nodeId of nodeIds) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts) families.add(font.familyName);
    }
    return [...families].sort();
  } finally {
    await page.evaluate((attribute) => document.querySelectorAll(`[${attribute}]`).forEach((element) => element.removeAttribute(attribute)), marker);
    await cdp.detach();
  }
}

/** Waits for the screen's content: no spinner, skeleton or busy table left, and no transition half-way (it would fake a contrast failure). */
async function settle(page: Page) {
  await expect(page.locator('.animate-spin, .animate-pulse, [aria-busy="true"]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Runs axe on the page and records, without stopping, every serious or critical violation.
 * `contrastOnly` is for a second theme: colours are all a theme changes. `within` checks a part
 * only: the screen without the header and sidebar once they have been checked, or a dialog.
 */
async function checkA11y(page: Page, where: string, { contrastOnly = false, within }: { contrastOnly?: boolean; within?: string } = {}) {
  // Details of the violations only: collecting the passing elements too costs time on every screen.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (within) builder.include(within);
  if (contrastOnly) builder.withRules(['color-contrast', 'link-in-text-block']);
  else builder.withTags(WCAG_TAGS);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.slice(0, 4).map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n\s*/g, ' ')}`);
      return `${violation.id} (${violation.impact}, ${violation.nodes.length} elements): ${violation.help}\n${targets.join('\n')}`;
    });
  expect.soft(serious, `axe on ${where}`).toEqual([]);
}

async function openScreen(page: Page, route: string, heading?: string) {
  await page.goto(route);
  const h1 = page.getByRole('heading', { level: 1 });
  if (heading) await expect(h1, route).toHaveText(heading);
  else await expect(h1, route).toBeVisible();
  await settle(page);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

type PrintProbe = {
  /** 0 (black) to 255 (white) for a CSS colour of any syntax (Tailwind's are oklch); null when transparent. */
  lightnessOf: (color: string) => number | null;
  /** What each window.print() put on paper: the lightness of the backgrounds and texts of the page and its tables. */
  printed: { backgrounds: (number | null)[]; texts: (number | null)[] }[];
};

/** Replaces the browser's print dialog with a reading of the colours on the page at that moment. */
function probePrinting() {
  const probe = window as unknown as PrintProbe;
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  probe.lightnessOf = (color) => {
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = color;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    return a === 0 ? null : (r + g + b) / 3;
  };
  probe.printed = [];
  window.print = () => {
    const shown = [document.body, ...Array.from(document.querySelectorAll('table, th, td'))].filter((element) => element.getClientRects().length > 0);
    probe.printed.push({
      backgrounds: shown.map((element) => probe.lightnessOf(getComputedStyle(element).backgroundColor)),
      texts: shown.map((element) => probe.lightnessOf(getComputedStyle(element).color)),
    });
  };
}

const backgroundLightness = (locator: Locator) =>
  locator.evaluate((element) => (window as unknown as PrintProbe).lightnessOf(getComputedStyle(element).backgroundColor));

// No trace at all here: this spec is long enough without.
test.use({ trace: 'off' });

test.describe('accessibility', () => {
  // A sale of its own, so the orders list, the receipt, the reports and the dashboard have something to show.
  test.beforeAll(async ({ request }) => {
    const login = await request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
    const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
    const found = await request.get('/api/products?q=COF-001', { headers });
    const product = ((await found.json()) as { data: { id: number; sku: string; price: number }[] }).data.find((p) => p.sku === 'COF-001')!;
    const sale = { sale_date: new Date().toISOString(), payment_method: 'Cash', tendered: 20, total_amount: product.price, items: [{ product_id: product.id, quantity: 1, unit_price: product.price }] };
    let response = await request.post('/api/sales', { headers, data: sale });
    // The server prices the sale; a total it disagrees with comes back 409 with the right one.
    if (response.status() === 409) response = await request.post('/api/sales', { headers, data: { ...sale, total_amount: ((await response.json()) as { total_amount: number }).total_amount } });
    expect(response.status(), await response.text()).toBe(201);
  });

  test('the sign-in, sign-up and password screens pass axe in both themes', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(PUBLIC_SCREENS[0]!);
      await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      for (const route of PUBLIC_SCREENS) {
        await openScreen(page, route);
        await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        await checkA11y(page, `${route} (${theme})`, { contrastOnly: theme === 'dark' });
      }
    }
  });

  test('every screen of the console passes axe in the light theme, and in the dark one after the header toggle', async ({ page }, testInfo) => {
    // Two axe runs on each of some thirty screens: on a busy 2-core machine that alone can take two minutes.
    test.setTimeout(300_000);
    await chooseTheme(page, 'light');
    await signIn(page);
    const html = page.locator('html');
    for (const [index, [route, title]] of SCREENS.entries()) {
      // The header and sidebar are the same everywhere: checked with the first screen, then left out.
      const within = index > 0 ? 'main' : undefined;
      await openScreen(page, route, title);
      await checkA11y(page, `${route} (light)`, { within });

      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(html).toHaveClass(/\bdark\b/);
      await settle(page);
      await checkA11y(page, `${route} (dark)`, { within, contrastOnly: true });
      if (route === '/dashboard' || route === '/sale') await shoot(page, testInfo, `${route.slice(1)}-dark`);
      // Back to light, which the next screen then starts in.
      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expect(html).not.toHaveClass(/\bdark\b/);
    }
  });

  test('the main dialogs pass axe in both themes', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      const contrastOnly = theme === 'dark';
      const checkDialog = async (dialog: Locator, where: string, role = 'dialog') => {
        await expect(dialog).toBeVisible();
        await settle(page);
        await checkA11y(page, `${where} (${theme})`, { contrastOnly, within: `[role="${role}"]` });
      };

      await page.goto('/products/new');
      await checkDialog(page.getByRole('dialog', { name: 'Add Product' }), 'Add Product');

      await openScreen(page, '/customers', 'Customers');
      await page.getByRole('button', { name: 'Add Customer' }).click();
      await checkDialog(page.getByRole('dialog', { name: 'Add Customer' }), 'Add Customer');
      await page.keyboard.press('Escape');

      await page.getByRole('table', { name: 'Customers' }).getByRole('button', { name: /^Delete / }).first().click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete customer?' });
      await checkDialog(confirm, 'Delete customer?', 'alertdialog');
      await confirm.getByRole('button', { name: 'Cancel' }).click();

      await openScreen(page, '/orders', 'Sales Orders');
      await page.getByRole('table', { name: 'Sales' }).getByRole('button', { name: /^View / }).first().click();
      await checkDialog(page.getByRole('dialog', { name: /^Sale / }), 'Sale details');
    }
  });

  test('in Khmer, screens pass axe and use the Khmer font with room for its stacked glyphs', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await signIn(page);
    await page.evaluate(() => window.localStorage.setItem('language', 'kh'));
    for (const [route, title] of [
      ['/dashboard', 'Dashboard'],
      ['/sale', 'Point of Sale'],
      ['/products', 'Product List'],
      ['/settings', 'Settings'],
    ] as const) {
      await openScreen(page, route, kh[title]);
      await expect(page.locator('html')).toHaveAttribute('lang', 'km');
      await checkA11y(page, `${route} (Khmer)`);
      await shoot(page, testInfo, `${route.slice(1)}-khmer`);

      // Every word in Khmer is drawn with the Khmer font, so its Khmer part has downloaded: a
      // system font ahead of it in the list once left words in empty boxes, the font loaded.
      expect(await fontsOfKhmerTexts(page), `fonts drawing Khmer on ${route}`).toEqual(['Noto Sans Khmer']);
      // Small text is where Khmer's stacked vowels and subscripts clip first.
      const ratios = await page.locator('main').evaluate((main) =>
        Array.from(main.querySelectorAll<HTMLElement>('h1, p, td, th, label, button'))
          .filter((element) => /[\u1780-\u17FF]/.test(element.textContent ?? '') && element.offsetParent !== null)
          .slice(0, 40)
          .map((element) => {
            const style = getComputedStyle(element);
            return parseFloat(style.lineHeight) / parseFloat(style.fontSize);
          }),
      );
      expect(ratios.length, `Khmer text on ${route}`).toBeGreaterThan(0);
      // 1.6 at least (a hair less in floating point).
      expect(Math.min(...ratios), `Khmer line height on ${route}`).toBeGreaterThan(1.59);
    }
  });

  test('a till that starts in Khmer draws every Khmer word with the Khmer font, from sign-in to the till', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('language', 'kh'));
    await page.goto('/auth/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'km');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await fontsOfKhmerTexts(page), 'fonts drawing Khmer on the sign-in screen').toEqual(['Noto Sans Khmer']);
    await signIn(page, DEMO.admin, { till: null });
    await openScreen(page, '/sale', kh['Point of Sale']);
    expect(await fontsOfKhmerTexts(page), 'fonts drawing Khmer at the till').toEqual(['Noto Sans Khmer']);
  });

  test('printing is light in the dark theme: a receipt and a report', async ({ page }) => {
    await chooseTheme(page, 'dark');
    await signIn(page);
    await page.addInitScript(probePrinting);

    await openScreen(page, '/orders', 'Sales Orders');
    await page.getByRole('table', { name: 'Sales' }).getByRole('button', { name: /^View / }).first().click();
    const details = page.getByRole('dialog', { name: /^Sale / });
    await details.getByRole('button', { name: 'Print receipt' }).click();
    const receipt = page.getByRole('article', { name: /^Receipt /, includeHidden: true });
    await expect(receipt).toBeAttached();
    await page.emulateMedia({ media: 'print' });
    await expect(receipt).toBeVisible();
    expect(await backgroundLightness(page.locator('body'))).toBeGreaterThan(240);
    expect(await backgroundLightness(receipt)).toBeGreaterThan(240);
    await expect(receipt).toHaveCSS('color', 'rgb(0, 0, 0)');
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    await openScreen(page, '/report-sale', 'Sales Report');
    await page.emulateMedia({ media: 'print' });
    // The Print button is hidden on paper; the browser's own print menu would start the same way.
    await page.getByRole('button', { name: 'Print', exact: true, includeHidden: true }).evaluate((button: HTMLElement) => button.click());
    await expect.poll(() => page.evaluate(() => (window as unknown as PrintProbe).printed.length)).toBe(1);
    const paper = (await page.evaluate(() => (window as unknown as PrintProbe).printed[0]))!;
    expect(paper.backgrounds.length, 'the page and the printed table').toBeGreaterThan(3);
    // Transparent (null) shows the white page; anything painted is light, and the text dark.
    for (const background of paper.backgrounds) if (background !== null) expect(background).toBeGreaterThan(240);
    for (const text of paper.texts) expect(text).toBeLessThan(140);
    const summaryCard = page.getByRole('definition').first().locator('..');
    expect(await backgroundLightness(summaryCard)).toBeGreaterThan(240);
    await page.emulateMedia({ media: 'screen' });
  });
});
