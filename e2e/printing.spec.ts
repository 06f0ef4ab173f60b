import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inkShare, type DecodedPage } from '../packages/print/src/decode';
import { dotDifference, savePagePng, startFakePrinter, type FakePrinter } from '../packages/print/src/testing/fake-printer';
import { DEMO, signIn, toast } from './support';

/*
 * Printing on a network thermal printer (docs/decisions/0015-printing.md), with a stand-in
 * printer on a loopback port that reads the ESC/POS bytes back into the picture a printer would
 * print. The decoded receipt must match the console's own printer preview of the same sale, dot
 * for dot give or take a letter's edge; both pictures are saved to be looked at.
 */

const PICTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/printing');

async function headersOf(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post('/api/login', { data: account });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

const savePicture = (page: DecodedPage, name: string) => savePagePng(page, path.join(PICTURES, name));

/** Rings up a Caramel Macchiato ($3.30 with tax) paid with a $5 note, and answers its number. */
async function sellForCash(page: Page): Promise<string> {
  await page.goto('/sale');
  const scanBox = page.getByPlaceholder('Search products...');
  await scanBox.fill('COF-008');
  await scanBox.press('Enter');
  await page.getByRole('button', { name: 'Pay $3.30' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Payment' });
  await dialog.getByRole('button', { name: 'Add cash $5.00' }).click();
  await page.keyboard.press('Enter');
  const change = page.getByRole('region', { name: /change/i }).filter({ hasText: /SO-\d{6}/ });
  await expect(change).toBeVisible();
  return (await change.getByText(/^SO-\d{6}$/).textContent())!;
}

test('a cafe prints a test page, a cash sale prints its Khmer receipt as the console previews it and opens the drawer, and a printer that was off prints the receipt once on retry', async ({ browser }) => {
  test.setTimeout(120_000);
  const printer: FakePrinter = await startFakePrinter();
  const adminPage = await (await browser.newContext()).newPage();
  const admin = await headersOf(adminPage.request, DEMO.admin);
  const settings = (await (await adminPage.request.get('/api/settings', { headers: admin })).json()) as { data: Record<string, unknown> & { receipts: object } };
  const put = async (section: string, value: unknown) => expect((await adminPage.request.put(`/api/settings/${section}`, { headers: admin, data: value })).status()).toBe(200);
  try {
    await put('printers', {
      default: 'counter',
      list: [{ id: 'counter', name: 'Counter printer', ip: printer.address, type: 'Receipt', connection: 'network', paperWidth: '58', station: '', drawer: true }],
      label: { width: 50, height: 30 },
    });
    await put('receipts', { ...settings.data.receipts, paperWidth: '58', language: 'kh' });

    // The Admin prints a test page from Settings → Printers.
    await signIn(adminPage, DEMO.admin);
    await adminPage.goto('/settings?tab=printers');
    await adminPage.getByRole('group', { name: 'Printer 1' }).getByRole('button', { name: 'Print test page' }).click();
    await expect(toast(adminPage, 'Test page printed')).toBeVisible();
    const [testPage] = await printer.waitForJobs(1);
    expect(testPage!.pages.map((page) => page.width)).toEqual([384]);
    expect(testPage!.cuts).toBe(1);
    expect(inkShare(testPage!.pages[0]!)).toBeGreaterThan(0.03);
    savePicture(testPage!.pages[0]!, 'e2e-test-page-58mm.png');

    // A cashier sells for cash: the receipt prints by itself, with the drawer's pulse.
    const till = await (await browser.newContext()).newPage();
    await signIn(till, DEMO.staff);
    const code = await sellForCash(till);
    await expect(till.getByText('Receipt printed')).toBeVisible();
    const [, receipt] = await printer.waitForJobs(2);
    expect(receipt!.pulses).toEqual([0]);
    expect(receipt!.pages).toHaveLength(1);
    const printed = receipt!.pages[0]!;
    expect(printed.width).toBe(384);
    savePicture(printed, 'e2e-receipt-58mm-khmer.png');

    // The console's own printer preview of that sale is the same picture.
    await till.goto('/orders');
    await till.getByPlaceholder(/Search/).first().fill(code);
    await till.getByRole('row').filter({ hasText: code }).getByRole('button', { name: `View ${code}` }).click();
    const details = till.getByRole('dialog', { name: `Sale ${code}` });
    await details.getByRole('radio', { name: 'Printer preview' }).or(details.getByRole('button', { name: 'Printer preview' })).click();
    const preview = details.getByTestId('slip-preview');
    await expect(preview).toBeVisible({ timeout: 15_000 });
    const drawn = await preview.evaluate(async (image: HTMLImageElement) => {
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const dots: number[] = [];
      for (let i = 0; i < data.length; i += 4) dots.push(data[i]! < 128 ? 1 : 0);
      return { width: canvas.width, height: canvas.height, dots, url: image.src };
    });
    fs.mkdirSync(PICTURES, { recursive: true });
    fs.writeFileSync(path.join(PICTURES, 'e2e-receipt-58mm-preview.png'), Buffer.from(drawn.url.split(',')[1]!, 'base64'));
    expect(drawn.width).toBe(384);
    const difference = dotDifference(printed, { width: drawn.width, height: drawn.height, dots: Uint8Array.from(drawn.dots) });
    expect(difference, 'share of inked dots the server and the browser disagree on').toBeLessThan(0.02);

    // The printer is switched off: the sale still goes through, the receipt waits in the retry list.
    await printer.off();
    await sellForCash(till);
    await expect(till.getByText(/Receipt not printed: The printer Counter printer at 127\.0\.0\.1:\d+ refused the connection/)).toBeVisible({ timeout: 15_000 });
    await till.getByRole('button', { name: 'New sale' }).click();
    const retryList = till.getByRole('button', { name: 'Not printed: 1' });
    await expect(retryList).toBeVisible({ timeout: 15_000 });
    await printer.on();
    await retryList.click();
    await till.getByRole('dialog', { name: 'Not printed' }).getByRole('button', { name: 'Retry all' }).click();
    await expect(toast(till, 'Printed')).toBeVisible();
    await expect(retryList).toBeHidden();
    await printer.waitForJobs(3);
    await till.waitForTimeout(500);
    expect(printer.jobs).toHaveLength(3);
    // Printed later, the receipt leaves the drawer shut.
    expect(printer.jobs[2]!.pulses).toEqual([]);
  } finally {
    // Every spec shares one shop: put its printers and receipts back as they were.
    await put('printers', settings.data.printers);
    await put('receipts', settings.data.receipts);
    await printer.off();
  }
});
