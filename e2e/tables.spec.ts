import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO, row, signIn, uniqueSuffix } from './support';

const id = uniqueSuffix();
/** 120 characters each: the kind of name that used to push a row's actions out of view. */
const productName = `Iced Caramel Macchiato with Oat Milk and an Extra Espresso Shot from the Mondulkiri Highlands ${id} `.padEnd(120, 'x');
const company = `Angkor Heritage Coffee Roasters and Tea Importers Cooperative of Siem Reap Province ${id} `.padEnd(120, 'y');
const customerEmail = `tables-${id}@example.com`;

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()) as { data: { id: number }[] }).data[0]!.id;
  const product = await request.post('/api/products', {
    headers,
    data: { name: productName, sku: `TBL-${id}`, category_id: await first('/api/categories?per_page=1'), unit_id: await first('/api/units?per_page=1'), price: 2.5 },
  });
  expect(product.status(), await product.text()).toBe(201);
  const customer = await request.post('/api/customers', { headers, data: { name: `Tables ${id}`, email: customerEmail, company } });
  expect(customer.status(), await customer.text()).toBe(201);
});

/** Neither the page nor the table's frame scrolls sideways. */
async function expectNoSidewaysScroll(page: Page, table: Locator) {
  const widths = await table.evaluate((element) => ({
    frame: [element.parentElement!.scrollWidth, element.parentElement!.clientWidth],
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
  }));
  expect(widths.frame[0], 'the table scrolls sideways').toBeLessThanOrEqual(widths.frame[1]!);
  expect(widths.page[0], 'the page scrolls sideways').toBeLessThanOrEqual(widths.page[1]!);
}

/** The button is on screen, inside the viewport's width. */
async function expectInView(page: Page, button: Locator) {
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** The whole text can be read: on screen as it is, or, when cut to two lines, in its tooltip and opened out on focus. */
async function expectFullText(text: Locator, full: string) {
  await expect(text).toBeVisible();
  // The table may still be settling its column widths, so the text can stop (or start) being
  // cut between two looks: check the two cases together until they agree.
  await expect(async () => {
    if ((await text.getAttribute('title')) !== null) {
      expect(await text.getAttribute('title')).toBe(full);
      await text.focus();
      await expect(text).toBeFocused({ timeout: 500 });
    }
    expect(await text.evaluate((element) => element.scrollHeight <= element.clientHeight + 1), 'part of the text is hidden').toBe(true);
  }).toPass({ timeout: 7_000 });
}

for (const width of [1440, 1024, 768]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a long product name and a long company leave the row actions in view', async ({ page }) => {
      await signIn(page, DEMO.admin, { at: '/products' });
      await page.getByPlaceholder('Search by name/SKU').fill(id);
      const products = page.getByRole('table', { name: 'Products' });
      const product = row(page, productName);
      await expect(product).toHaveCount(1);
      await expectInView(page, product.getByRole('button', { name: `Edit ${productName}` }));
      await expectInView(page, product.getByRole('button', { name: `Delete ${productName}` }));
      await expectNoSidewaysScroll(page, products);
      await expectFullText(product.getByText(productName, { exact: true }), productName);

      await page.goto('/customers');
      await page.getByPlaceholder('Search by name/email/phone/company').fill(customerEmail);
      const customers = page.getByRole('table', { name: 'Customers' });
      const customer = row(page, `Tables ${id}`);
      await expect(customer).toHaveCount(1);
      await expectInView(page, customer.getByRole('button', { name: `Edit Tables ${id}` }));
      await expectInView(page, customer.getByRole('button', { name: `Delete Tables ${id}` }));
      await expectNoSidewaysScroll(page, customers);
      // At 1440 the company has its own column; on a tablet it follows the email under the name.
      const companyText = customer.getByText(company).filter({ visible: true });
      await expectFullText(companyText, width >= 1280 ? company : `${customerEmail} · ${company}`);
    });
  });
}

test.describe('reports', () => {
  const REPORTS = [
    ['/report-stock', 'Stock Report', ['Product', 'SKU', 'Category', 'Unit', 'Unit Cost', 'Opening', 'Purchases', 'Sales', 'Adjust', 'Closing', 'Valuation', 'State']],
    ['/report-sale', 'Sales Report', ['Date', 'SO', 'Customer', 'Channel', 'Items', 'Qty', 'Gross', 'Discount', 'Tax', 'Net', 'Payment', 'Status']],
    ['/report-purchase', 'Purchase Report', ['Date', 'PO', 'Supplier', 'Ref', 'Items', 'Qty', 'Subtotal', 'Tax', 'Freight', 'Total', 'Payment', 'Status']],
  ] as const;

  test.describe('at 1440 px', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test('every report shows all its columns without a sideways scroll', async ({ page }) => {
      await signIn(page, DEMO.admin);
      for (const [route, title, headers] of REPORTS) {
        await page.goto(route);
        const table = page.getByRole('table', { name: title });
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        await expect(table.getByRole('columnheader')).toHaveText([...headers]);
        for (const header of await table.getByRole('columnheader').all()) await expectInView(page, header);
        await expect(table.getByRole('button', { name: 'Show details' })).toHaveCount(0);
        await expectNoSidewaysScroll(page, table);
      }
    });
  });

  test.describe('at 768 px', () => {
    test.use({ viewport: { width: 768, height: 1024 } });

    test('the stock report keeps Product, Closing and State, and opens the rest under a row', async ({ page }) => {
      await signIn(page, DEMO.admin, { at: '/report-stock' });
      const table = page.getByRole('table', { name: 'Stock Report' });
      const first = table.getByRole('row').nth(1);
      await expect(first).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText(['Product', 'Closing', 'State', 'Details']);
      await expectNoSidewaysScroll(page, table);

      const more = first.getByRole('button', { name: 'Show details' });
      await expectInView(page, more);
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      const details = page.locator(`#${await more.getAttribute('aria-controls')}`);
      await expect(details.getByRole('term')).toHaveText(['SKU', 'Category', 'Unit', 'Unit Cost', 'Opening', 'Purchases', 'Sales', 'Adjust', 'Valuation']);
      await expect(details.getByRole('definition')).toHaveCount(9);
      await expect(details.getByRole('definition').first()).toHaveText(/\S/);
      await expectNoSidewaysScroll(page, table);

      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'false');
      await expect(details).toHaveCount(0);
    });
  });
});
