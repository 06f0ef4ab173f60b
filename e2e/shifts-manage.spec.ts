import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, row, signIn, toast, uniqueSuffix } from './support';

async function bearer(request: APIRequestContext, account: { email: string; password: string }) {
  const response = await request.post('/api/login', { data: account });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { access_token: string }).access_token}` };
}

test.describe('managing tills and shifts', () => {
  test('an Admin adds a till in Settings → Tills and shifts; a taken name is said on the field', async ({ page }) => {
    const name = `Terrace ${uniqueSuffix()}`;
    await signIn(page, DEMO.admin, { at: '/settings?tab=shifts' });
    const tills = page.getByRole('table', { name: 'Tills' });
    await expect(tills.getByRole('row', { name: /^Front counter/ })).toBeVisible();

    await page.getByRole('button', { name: 'Add till' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add till' });
    await dialog.getByLabel('Name').fill('Bar');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Another till already has this name.')).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Till added')).toBeVisible();
    const added = tills.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(added).toContainText('Active');
    await expect(added).toContainText('None');
  });

  test('a Manager finds a shift left open, reads its X-report, closes it with a count and a note, and sees its Z-report', async ({ page, request }) => {
    test.setTimeout(90_000);
    // A till and a shift of this test's own (other specs sell at the demo's Front counter).
    const till = `Patio ${uniqueSuffix()}`;
    const admin = await bearer(request, DEMO.admin);
    const created = await request.post('/api/tills', { headers: admin, data: { name: till } });
    expect(created.status(), await created.text()).toBe(201);
    const tillId = ((await created.json()) as { data: { id: number } }).data.id;
    const staff = await bearer(request, DEMO.staff);
    const opened = await request.post('/api/shifts', {
      headers: staff,
      data: { till_id: tillId, float: [{ currency: 'USD', amount: 20 }, { currency: 'KHR', amount: 40000 }] },
    });
    expect(opened.status(), await opened.text()).toBe(201);

    await signIn(page, DEMO.manager);
    // The dashboard lists it among the open shifts, linked to the Shifts screen.
    await page.getByRole('list', { name: 'Open shifts' }).getByRole('link', { name: `View the shift at ${till}` }).click();
    await expect(page).toHaveURL(/\/shifts\?shift=\d+$/);
    const x = page.getByRole('dialog', { name: `X-report · ${till}` });
    await expect(x.getByText('Opening float')).toHaveCount(2);
    await expect(x).toContainText('$20.00');
    await expect(x).toContainText('៛40,000');
    await x.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(x).toBeHidden();

    await page.getByLabel('Till').selectOption({ label: till });
    const listed = row(page, till);
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText('Shift open');
    await listed.getByRole('button', { name: new RegExp(`^View the shift at ${till}`) }).click();
    await x.getByRole('button', { name: 'Close shift' }).click();

    // $5 more than expected: past the shop's $2, so a note is needed; a Manager needs no PIN.
    const closing = page.getByRole('dialog', { name: `Close shift: ${till}` });
    await closing.getByRole('button', { name: 'Type totals' }).click();
    await closing.getByLabel('Dollars counted').fill('25');
    await closing.getByLabel('Riel counted').fill('40000');
    await closing.getByRole('button', { name: 'Close shift' }).click();
    // The figures show first, as they do to a cashier; then the note is asked for.
    const figures = closing.getByRole('table', { name: 'Difference per currency' });
    await expect(figures).toContainText('(over)');
    const note = closing.getByLabel('Why is the count off?');
    await expect(note).toBeFocused();
    await closing.getByRole('button', { name: 'Close shift' }).click();
    await expect(note).toHaveAccessibleDescription('Say why the count is off.');
    await note.fill('Left open overnight; a supplier’s change was put in the drawer.');
    await closing.getByRole('button', { name: 'Close shift' }).click();

    const closed = page.getByRole('dialog', { name: 'Shift closed' });
    await expect(closed.getByText(/^Z-report Z-\d{6}$/)).toBeVisible();
    const zCode = ((await closed.getByText(/^Z-report Z-\d{6}$/).textContent()) ?? '').replace('Z-report ', '');
    await expect(closed).toContainText('Left open overnight');
    await expect(closed.getByRole('button', { name: 'Print' })).toBeVisible();
    await closed.getByRole('button', { name: 'Done' }).click();
    await expect(closed).toBeHidden();

    await expect(listed).toContainText('Shift closed');
    await expect(listed).toContainText(zCode);
    await expect(listed).toContainText('+$5.00 (over)');
    await expect(listed).toContainText(DEMO.manager.name);
  });
});
