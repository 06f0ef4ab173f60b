import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, row, signIn, toast } from './support';

const products = (page: Page) => page.getByRole('list', { name: 'Products' });
const card = (page: Page, name: string) => products(page).getByRole('button', { name: new RegExp(`^${name} `) });
const cart = (page: Page) => page.getByRole('region', { name: /^Cart/ });

type SoldLine = { product_name: string; modifiers: { name: string; price: number }[]; note: string | null; line_discount: { type: string; value: number; reason: string } | null };

test.describe('options and discounts at the till', () => {
  test("an iced latte L / 50% sugar / less ice / extra shot, 50% off with a Manager's PIN, and its sale shows it all", async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, DEMO.staff, { at: '/sale' });

    // The product, then one tap per option that differs from the defaults (S, 100% sugar, normal ice), then Add:
    // 5 taps after the product for L / 50% / less ice / extra shot; a drink with its defaults is 1 (Add).
    await card(page, 'Iced Latte').click();
    const chooser = page.getByRole('dialog', { name: 'Iced Latte' });
    await expect(chooser.getByRole('radio', { name: /^S/ })).toBeChecked();
    await chooser.getByRole('radio', { name: /^L\s*\+/ }).click();
    await chooser.getByRole('radio', { name: '50% sugar' }).click();
    await chooser.getByRole('radio', { name: 'Less ice' }).click();
    await chooser.getByRole('button', { name: /^Extra shot/ }).click();
    // $2.75 + $1.00 + $0.50 before the latte's promotion.
    await expect(chooser).toContainText('$4.25 each');
    await chooser.getByRole('button', { name: /^Add / }).click();
    await expect(chooser).toBeHidden();
    const line = cart(page).getByRole('listitem');
    await expect(line).toContainText('L · 50% sugar · Less ice · Extra shot');

    // Half off is beyond the shop's 10 %: a Manager approves it with their PIN.
    await cart(page).getByRole('button', { name: 'Discount Iced Latte' }).click();
    const discount = page.getByRole('dialog', { name: 'Discount on Iced Latte' });
    await discount.getByLabel('Percent off').fill('50');
    await discount.getByRole('button', { name: 'Staff' }).click();
    await discount.getByRole('button', { name: 'Apply' }).click();
    const approval = page.getByRole('dialog', { name: "Manager's approval" });
    await expect(approval).toHaveAccessibleDescription('Discount beyond 10%');
    await approval.getByLabel('Approved by').selectOption({ label: DEMO.manager.name });
    await approval.getByLabel('PIN').fill('1234');
    await page.keyboard.press('Enter');
    await expect(approval).toBeHidden();
    await expect(line).toContainText('50% · Staff');
    await expect(cart(page).getByText(`Discount approved by ${DEMO.manager.name}`)).toBeVisible();

    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const payment = page.getByRole('dialog', { name: 'Confirm Payment' });
    await payment.getByRole('button', { name: 'Add cash $5.00' }).click();
    await page.keyboard.press('Enter');
    await expect(toast(page, /✅ Sale recorded successfully!/)).toBeVisible();
    const code = (await page.getByRole('region', { name: 'Change to give' }).getByText(/^SO-\d{6}$/).textContent())!;

    // The Manager opens the sale: its line carries the options, the discount and who approved it.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, DEMO.manager, { at: `/orders?q=${code}` });
    await row(page, code).getByRole('button', { name: `View ${code}` }).click();
    const details = page.getByRole('dialog', { name: `Sale ${code}` });
    await expect(details).toContainText('L +$1.00 · 50% sugar · Less ice · Extra shot +$0.50');
    await expect(details).toContainText('50% · Staff');
    await expect(details).toContainText(DEMO.manager.name);

    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    const headers = { authorization: `Bearer ${token}` };
    const list = (await (await page.request.get(`/api/sales?q=${code}`, { headers })).json()) as { data: { id: number; code: string }[] };
    const id = list.data.find((sale) => sale.code === code)!.id;
    const sale = ((await (await page.request.get(`/api/sales/${id}`, { headers })).json()) as { data: { discount_approved_by: { name: string } | null; items: SoldLine[] } }).data;
    expect(sale.discount_approved_by).toEqual(expect.objectContaining({ name: DEMO.manager.name }));
    expect(sale.items[0]!.modifiers.map((option) => option.name)).toEqual(['L', '50% sugar', 'Less ice', 'Extra shot']);
    expect(sale.items[0]!.line_discount).toMatchObject({ type: 'percent', value: 50, reason: 'Staff' });

    // The sales report's lines CSV carries the options, the discount and its reason.
    await page.goto('/report-sale');
    await page.getByPlaceholder(/Search/).first().fill(code);
    await expect(page.getByRole('table', { name: 'Sales Report' }).getByRole('row').filter({ hasText: code })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export lines CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('sales-lines.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(`${code},Iced Latte,COF-006,"L +$1.00, 50% sugar, Less ice, Extra shot +$0.50"`);
    expect(csv).toContain(',Staff,');
  });
});
