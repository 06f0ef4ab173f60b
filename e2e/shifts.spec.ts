import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn, toast } from './support';

/*
 * A day at the Bar till, which the demo leaves without an open shift: the cashier opens one with
 * a float counted by notes, sells, pays cash out, reads the X-report, and closes with a count;
 * a count far off needs a Manager's PIN and a note. The till specs sell at "Front counter".
 */

const shiftBar = (page: Page) => page.getByRole('region', { name: 'Shift' });
const cart = (page: Page) => page.getByRole('region', { name: /^Cart/ });

async function apiToken(page: Page, account: { email: string; password: string }) {
  const response = await page.request.post('/api/login', { data: account });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function barTill(page: Page, token: string) {
  const tills = (await (await page.request.get('/api/tills', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { id: number; name: string; open_shift: { id: number } | null }[];
  };
  return tills.data.find((till) => till.name === 'Bar')!;
}

test.describe('shifts at the till', () => {
  test('Staff opens the Bar with a float by notes, sells with riel change, pays out, reads an X-report, closes with a matching count and prints the Z-report', async ({ page }) => {
    await signIn(page, DEMO.staff, { till: 'Bar', at: '/sale' });
    await expect(shiftBar(page)).toContainText('Bar');
    await expect(shiftBar(page)).toContainText('No open shift');
    // Staff may not move this browser to another till.
    await expect(shiftBar(page).getByRole('button', { name: 'Change till' })).toHaveCount(0);

    // The till does not sell without a shift: Pay waits, with the reason and the way out.
    const scanBox = page.getByPlaceholder('Search products...');
    await scanBox.fill('COF-008');
    await scanBox.press('Enter');
    await expect(cart(page).getByText('Open a shift at this till before selling.')).toBeVisible();
    await expect(cart(page).getByRole('button', { name: 'Pay $3.30' })).toBeDisabled();

    // The float: four $5 notes and twenty ៛1,000 notes (one typed, one with +).
    await cart(page).getByRole('button', { name: 'Open shift' }).click();
    const open = page.getByRole('dialog', { name: 'Open a shift: Bar' });
    await open.getByLabel('Number of $5 notes').fill('3');
    await open.getByRole('button', { name: 'One more $5 note' }).click();
    await open.getByLabel('Number of ៛1,000 notes').fill('20');
    await expect(open.getByRole('group', { name: 'Dollars' }).getByRole('status')).toHaveText('Total Dollars$20.00');
    await expect(open.getByRole('group', { name: 'Riel' }).getByRole('status')).toHaveText('Total Riel៛20,000');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Shift opened')).toBeVisible();
    await expect(open).toBeHidden();
    await expect(shiftBar(page)).toContainText(`Open since`);
    await expect(shiftBar(page)).toContainText(DEMO.staff.name);

    // A Caramel Macchiato ($3.30 with tax) paid with $5: $1.00 back and the cents in riel.
    await cart(page).getByRole('button', { name: 'Pay $3.30' }).click();
    const payment = page.getByRole('dialog', { name: 'Confirm Payment' });
    await payment.getByRole('button', { name: 'Add cash $5.00' }).click();
    await payment.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(toast(page, /✅ Sale recorded successfully!/)).toBeVisible();
    const change = cart(page).getByRole('region', { name: 'Change to give' });
    const changeText = (await change.getByRole('status').textContent()) ?? '';
    const rielChange = Number(/\$1\.00 \+ ៛([\d,]+)/.exec(changeText)?.[1]?.replace(/,/g, '') ?? NaN);
    expect(rielChange).toBeGreaterThan(0);

    // $2 out for ice.
    await shiftBar(page).getByRole('button', { name: 'Pay out' }).click();
    const movement = page.getByRole('dialog', { name: 'Pay in or out' });
    await movement.getByLabel('Amount in dollars').fill('2');
    await movement.getByRole('button', { name: 'Ice' }).click();
    await movement.getByRole('button', { name: 'Record pay out' }).click();
    await expect(toast(page, 'Paid out: $2.00')).toBeVisible();

    // The X-report: the sale and the pay out; a blind count keeps the drawer's cash from Staff.
    await shiftBar(page).getByRole('button', { name: 'X-report' }).click();
    const xReport = page.getByRole('dialog', { name: 'X-report' });
    await expect(xReport).toContainText('Orders1');
    await expect(xReport).toContainText('Net$3.30');
    await expect(xReport.getByRole('list', { name: 'Pay ins and outs' })).toContainText('Pay out · Ice');
    await expect(xReport.getByRole('list', { name: 'Pay ins and outs' })).toContainText('-$2.00');
    await expect(xReport).not.toContainText('Expected in the drawer');
    await xReport.getByRole('button', { name: 'Done' }).click();

    // Close with what the drawer holds: $20 + $5 − $1 − $2 and ៛20,000 less the riel change.
    await shiftBar(page).getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: 'Close shift: Bar' });
    await close.getByRole('button', { name: 'Type totals' }).click();
    await close.getByLabel('Dollars counted').fill('22');
    await close.getByLabel('Riel counted').fill(String(20_000 - rielChange));
    await close.getByRole('button', { name: 'Close shift' }).click();

    const closed = page.getByRole('dialog', { name: 'Shift closed' });
    await expect(toast(page, 'Shift closed')).toBeVisible();
    const title = closed.getByText(/^Z-report Z-\d{6}$/);
    await expect(title).toBeVisible();
    const zCode = (await title.textContent())!.replace('Z-report ', '');
    await expect(closed).toContainText('Expected in the drawer$22.00');
    await expect(closed).toContainText('Difference$0.00 (exact)');
    await expect(closed).toContainText(`Difference៛0 (exact)`);

    // It prints on the receipt roll.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await closed.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    const slip = page.locator('.receipt-print-root');
    await expect(slip).toContainText(`Z-report ${zCode}`);
    await expect(slip).toContainText('TillBar');
    await expect(slip).toContainText('Pay out · Ice');
    await expect(slip).toContainText('Counted$22.00');

    await closed.getByRole('button', { name: 'Done' }).click();
    await expect(shiftBar(page)).toContainText('No open shift');
  });

  test("a count far off asks for a Manager's PIN and a note; a Manager may move the browser to another till", async ({ page }) => {
    const staff = await apiToken(page, DEMO.staff);
    const bar = await barTill(page, staff);
    if (!bar.open_shift) {
      const opened = await page.request.post('/api/shifts', {
        headers: { authorization: `Bearer ${staff}` },
        data: { till_id: bar.id, float: [{ currency: 'USD', amount: 10 }, { currency: 'KHR', amount: 0 }] },
      });
      expect(opened.status()).toBe(201);
    }

    await signIn(page, DEMO.staff, { till: 'Bar', at: '/sale' });
    await shiftBar(page).getByRole('button', { name: 'Close shift' }).click();
    const close = page.getByRole('dialog', { name: 'Close shift: Bar' });
    await close.getByLabel('Number of $100 notes').fill('3');
    await close.getByRole('button', { name: 'Close shift' }).click();

    // The figures show now, and a note and a Manager are asked for.
    const figures = close.getByRole('table', { name: 'Difference per currency' });
    await expect(figures).toContainText('Dollars');
    await expect(figures).toContainText('$300.00');
    await expect(figures).toContainText('(over)');
    const note = close.getByLabel('Why is the count off?');
    await expect(note).toBeFocused();
    await close.getByRole('button', { name: "Ask a Manager's approval" }).click();
    await expect(close.getByText('Say why the count is off.')).toBeVisible();
    await note.fill('Float of the Front counter put in this drawer');
    await close.getByRole('button', { name: "Ask a Manager's approval" }).click();

    const approval = page.getByRole('dialog', { name: "Manager's approval" });
    await approval.getByLabel('Approved by').selectOption({ label: DEMO.manager.name });
    await approval.getByLabel('PIN').fill('1234');
    await approval.getByRole('button', { name: 'Approve' }).click();

    const closed = page.getByRole('dialog', { name: 'Shift closed' });
    await expect(closed.getByText(/^Z-report Z-\d{6}$/)).toBeVisible();
    await expect(closed).toContainText(`Approved by${DEMO.manager.name}`);
    await expect(closed).toContainText('NoteFloat of the Front counter put in this drawer');
    await closed.getByRole('button', { name: 'Done' }).click();
    await expect(shiftBar(page)).toContainText('No open shift');

    // A Manager sees the tills and moves this browser to the Front counter.
    await page.evaluate(() => localStorage.clear());
    await signIn(page, DEMO.manager, { till: 'Bar', at: '/sale' });
    await shiftBar(page).getByRole('button', { name: 'Change till' }).click();
    const picker = page.getByRole('dialog', { name: 'Change till' });
    await expect(picker.getByRole('button', { name: /^Bar/ })).toContainText('No open shift');
    await picker.getByRole('button', { name: /^Front counter/ }).click();
    await expect(toast(page, 'This browser now sells at Front counter')).toBeVisible();
    await expect(shiftBar(page)).toContainText('Front counter');
    await expect(shiftBar(page)).toContainText(`Open since`);
  });
});
