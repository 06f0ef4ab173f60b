import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, signIn, uniqueSuffix } from './support';

async function adminHeaders(request: APIRequestContext) {
  const response = await request.post('/api/login', { data: { email: DEMO.admin.email, password: DEMO.admin.password } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

/** A made-to-order product, a customer, and a sale of that product to that customer, all this run's own. */
async function createRecords(request: APIRequestContext, suffix: string) {
  const headers = await adminHeaders(request);
  const first = async (path: string) => ((await (await request.get(path, { headers })).json()) as { data: { id: number }[] }).data[0]!.id;
  const product = await request.post('/api/products', {
    headers,
    data: { name: `Search Probe Tea ${suffix}`, sku: `SRCH-${suffix}`, category_id: await first('/api/categories?per_page=1'), unit_id: await first('/api/units?per_page=1'), price: 4, track_stock: false },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { data: { id: number } }).data.id;

  const customer = await request.post('/api/customers', {
    headers,
    data: { name: `Rotha Finder ${suffix}`, email: `finder-${suffix}@search.example`, phone: '+855 10 555 010' },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const customerId = ((await customer.json()) as { data: { id: number } }).data.id;

  const sale = {
    sale_date: new Date().toISOString(),
    payment_method: 'Cash',
    customer_id: customerId,
    items: [{ product_id: productId, quantity: 1, unit_price: 4 }],
    tax_enabled: false,
    total_amount: 4,
    tendered: 5,
  };
  let sold = await request.post('/api/sales', { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: sale });
  if (sold.status() === 409) {
    // The shop's settings (a service charge) priced it differently: send their total.
    const answer = (await sold.json()) as { total_amount?: number; message: string };
    expect(answer.total_amount, answer.message).toBeDefined();
    sold = await request.post('/api/sales', { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: { ...sale, total_amount: answer.total_amount } });
  }
  expect(sold.status(), await sold.text()).toBe(201);
  const code = ((await sold.json()) as { data: { code: string } }).data.code;
  return { productId, customerId, code };
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });

test('the header search finds a product, an order and a customer and opens each', async ({ page }) => {
  const suffix = uniqueSuffix();
  const { productId, customerId, code } = await createRecords(page.request, suffix);
  await signIn(page, DEMO.admin);

  // A product, by a piece of its name, opened with the keyboard.
  await expect(searchBox(page)).toBeVisible();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(`probe tea ${suffix}`);
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('group', { name: 'Products' }).getByRole('option')).toHaveText([new RegExp(`Search Probe Tea ${suffix}`)]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/products\\?edit=${productId}$`));
  const productForm = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(productForm.getByLabel('Name')).toHaveValue(`Search Probe Tea ${suffix}`);
  await page.keyboard.press('Escape');
  await expect(productForm).toBeHidden();
  await expect(page).toHaveURL(/\/products$/);

  // An order, by its number, opened with a click.
  await searchBox(page).fill(code);
  await results.getByRole('group', { name: 'Orders' }).getByRole('option', { name: new RegExp(code) }).click();
  await expect(page).toHaveURL(/\/orders\?sale=\d+$/);
  const saleDetails = page.getByRole('dialog', { name: `Sale ${code}` });
  await expect(saleDetails).toBeVisible();
  await expect(saleDetails.getByText(`Search Probe Tea ${suffix}`)).toBeVisible();
  await expect(saleDetails.getByText(`Rotha Finder ${suffix}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saleDetails).toBeHidden();

  // A customer, by e-mail, reached with Ctrl+K.
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(`finder-${suffix}@`);
  await expect(results.getByRole('group', { name: 'Customers' }).getByRole('option')).toHaveText([new RegExp(`Rotha Finder ${suffix}`)]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/customers\\?edit=${customerId}$`));
  const customerForm = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(customerForm.getByLabel('Email')).toHaveValue(`finder-${suffix}@search.example`);
});

test('a search that finds nothing says so, and Escape closes the list', async ({ page }) => {
  await signIn(page, DEMO.staff);
  await searchBox(page).fill(`nothing-like-this-${uniqueSuffix()}`);
  await expect(page.getByText(/^No results for "nothing-like-this-/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();
});
