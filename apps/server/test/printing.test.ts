import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { PRINT_MESSAGES } from '@shop/contracts/print-messages';
import type { PrintJob } from '@shop/contracts/print-job';
import { inkShare, type DecodedPage } from '@shop/print/decode';
import { savePagePng, startFakePrinter } from '@shop/print/testing/fake-printer';
import { caller, createTestApp, dbKind, demoTokens } from './support/test-app';

/*
 * Printing through the server (docs/decisions/0015-printing.md), to stand-in network printers on
 * loopback ports that read the ESC/POS bytes back into the pictures a printer would print.
 */
const { app, clock } = await createTestApp();
const tokens = await demoTokens(app);
const call = caller(app);

const receiptPrinter = await startFakePrinter();
const barPrinter = await startFakePrinter();
const kitchenPrinter = await startFakePrinter();
const labelPrinter = await startFakePrinter();
afterAll(async () => {
  for (const printer of [receiptPrinter, barPrinter, kitchenPrinter, labelPrinter]) await printer.off();
});

/** Where the tests leave the pictures the stand-in printers decoded, to be looked at. */
const PICTURES = path.resolve(import.meta.dirname, '../../../test-results/printing');
const savePicture = (page: DecodedPage, name: string) => savePagePng(page, path.join(PICTURES, `${name}-${dbKind}.png`));

type Named = { id: number; name: string; sku: string; category_id: number; price: number; barcode: string | null };
const products: Named[] = (await call(tokens.Manager, 'GET', '/api/products?per_page=100')).body.data;
const categories: Named[] = (await call(tokens.Manager, 'GET', '/api/categories?per_page=100')).body.data;
const product = (sku: string) => products.find((p) => p.sku === sku)!;
const latte = product('COF-005');
const tea = product('TEA-004');
const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;

const printers = [
  { id: 'counter', name: 'Counter printer', ip: receiptPrinter.address, type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true },
  { id: 'bar', name: 'Bar printer', ip: barPrinter.address, type: 'Kitchen', connection: 'network', paperWidth: '58', station: 'Bar', drawer: false },
  { id: 'kitchen', name: 'Kitchen printer', ip: kitchenPrinter.address, type: 'Kitchen', connection: 'network', paperWidth: '80', station: '', drawer: false },
  { id: 'labels', name: 'Label printer', ip: labelPrinter.address, type: 'Label', connection: 'network', paperWidth: '58', station: '', drawer: false },
  { id: 'usb', name: 'USB printer', ip: '', type: 'Receipt', connection: 'usb', paperWidth: '58', station: '', drawer: true },
];
expect((await call(tokens.Admin, 'PUT', '/api/settings/printers', { default: 'counter', list: printers, label: { width: 50, height: 30 } })).status).toBe(200);
await call(tokens.Admin, 'PUT', '/api/settings/receipts', { ...DEFAULT_SETTINGS.receipts, language: 'kh', paperWidth: '80' });
await call(tokens.Admin, 'PUT', '/api/settings/shifts', { ...DEFAULT_SETTINGS.shifts, required: false });
await call(tokens.Admin, 'PUT', '/api/settings/kitchen', {
  stations: ['Bar', 'Kitchen'],
  routes: [
    { category_id: categoryId('Coffee'), station: 'Bar' },
    { category_id: categoryId('Tea'), station: 'Kitchen' },
  ],
});
const till = (await call(tokens.Admin, 'POST', '/api/tills', { name: 'Printing counter', printer_id: 'counter', auto_print: true })).body.data;

/** A latte at the till, paid in cash or by card. */
const sell = (method: 'cash' | 'card') =>
  call(tokens.Staff, 'POST', '/api/sales', {
    sale_date: clock.now().toISOString(),
    items: [{ product_id: latte.id, quantity: 1, unit_price: latte.price }],
    total_amount: Math.round(latte.price * 1.1 * 100) / 100,
    payments: [{ method, currency: 'USD', amount: Math.round(latte.price * 1.1 * 100) / 100 }],
    till_id: till.id,
  });

/** The jobs of a sale once none is pending (they run after the sale is answered). */
async function settledJobs(query: string): Promise<PrintJob[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const jobs: PrintJob[] = (await call(tokens.Staff, 'GET', `/api/print-jobs?${query}`)).body.data;
    if (jobs.length > 0 && jobs.every((job) => job.status !== 'pending')) return jobs;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`jobs for ${query} still pending`);
}

describe(`printing (${dbKind})`, () => {
  it('prints the test page on a network printer as one raster picture at the paper width, cut, without opening the drawer', async () => {
    const printed = await call(tokens.Admin, 'POST', '/api/printers/counter/test');
    expect(printed).toMatchObject({ status: 200, body: { message: 'Test page printed', data: { kind: 'test', status: 'printed', printer_name: 'Counter printer', target: receiptPrinter.address, attempts: 1 } } });
    const [job] = await receiptPrinter.waitForJobs(1);
    expect(job!.initialised).toBe(true);
    expect(job!.cuts).toBe(1);
    expect(job!.pulses).toEqual([]);
    expect(job!.pages).toHaveLength(1);
    expect(job!.pages[0]!.width).toBe(576);
    expect(inkShare(job!.pages[0]!)).toBeGreaterThan(0.03);
    expect(printed.body.data.bytes).toBe(job!.bytes.length);
    savePicture(job!.pages[0]!, 'test-page-80mm');

    const bar = await call(tokens.Admin, 'POST', '/api/printers/bar/test');
    expect(bar.body.data.status).toBe('printed');
    const [barJob] = await barPrinter.waitForJobs(1);
    expect(barJob!.pages[0]!.width).toBe(384);
    savePicture(barJob!.pages[0]!, 'test-page-58mm');
  });

  it('refuses what it cannot print readably, and keeps Staff from test pages', async () => {
    expect(await call(tokens.Admin, 'POST', '/api/printers/nowhere/test')).toMatchObject({ status: 422, body: { message: PRINT_MESSAGES.printerUnknown } });
    expect(await call(tokens.Admin, 'POST', '/api/printers/usb/test')).toMatchObject({ status: 422, body: { message: PRINT_MESSAGES.notNetwork } });
    expect((await call(tokens.Staff, 'POST', '/api/printers/counter/test')).status).toBe(403);
    const noAddress = await call(tokens.Admin, 'PUT', '/api/settings/printers', { default: null, list: [{ ...printers[0], ip: '' }] });
    expect(noAddress).toMatchObject({ status: 422, body: { errors: { 'list.0.ip': ['A network printer needs its IP address.'] } } });
    expect((await call(tokens.Staff, 'POST', '/api/labels/print', { printer_id: 'labels', items: [{ product_id: latte.id, count: 0 }] })).status).toBe(422);
    expect(await call(tokens.Staff, 'POST', '/api/labels/print', { printer_id: 'counter', items: [{ product_id: latte.id, count: 1 }] })).toMatchObject({ status: 422, body: { message: PRINT_MESSAGES.notLabelPrinter } });
  });

  it('prints a cash sale’s receipt by itself and opens the drawer; a card sale’s receipt leaves the drawer shut', async () => {
    const before = receiptPrinter.jobs.length;
    const cash = await sell('cash');
    expect(cash.status).toBe(201);
    const [cashJob] = await settledJobs(`sale_id=${cash.body.data.id}`);
    expect(cashJob).toMatchObject({ kind: 'receipt', status: 'printed', open_drawer: true, copy: false, till_id: till.id, sale_code: cash.body.data.code, created_by: { name: 'Staff Demo' } });
    const card = await sell('card');
    const [cardJob] = await settledJobs(`sale_id=${card.body.data.id}`);
    expect(cardJob).toMatchObject({ kind: 'receipt', status: 'printed', open_drawer: false });

    const [cashPrint, cardPrint] = (await receiptPrinter.waitForJobs(before + 2)).slice(before);
    expect(cashPrint!.pulses).toEqual([0]);
    expect(cardPrint!.pulses).toEqual([]);
    expect(cashPrint!.pages[0]!.width).toBe(576);
    expect(cashPrint!.pages[0]!.height).toBeGreaterThan(600);
    savePicture(cashPrint!.pages[0]!, 'receipt-80mm-khmer');
  });

  it('marks a reprint as a copy, and prints on the till’s printer when asked', async () => {
    const before = receiptPrinter.jobs.length;
    const sale = await sell('card');
    await settledJobs(`sale_id=${sale.body.data.id}`);
    // The first print as the printer got it: the stand-in may still be decoding it when the server has marked it printed.
    const [original] = (await receiptPrinter.waitForJobs(before + 1)).slice(before);
    const reprint = await call(tokens.Staff, 'POST', `/api/sales/${sale.body.data.id}/print`, { copy: true });
    expect(reprint).toMatchObject({ status: 200, body: { message: 'Printed', data: { kind: 'receipt', copy: true, status: 'printed', sale_id: sale.body.data.id } } });
    const [copy] = (await receiptPrinter.waitForJobs(before + 2)).slice(before + 1);
    // The copy has the COPY band on top: more ink than the first print of the same sale.
    expect(copy!.pages[0]!.height).toBeGreaterThan(original!.pages[0]!.height);
  });

  it('sends each station its own ticket, and only the new lines when an order grows', async () => {
    const barBefore = barPrinter.jobs.length;
    const kitchenBefore = kitchenPrinter.jobs.length;
    const [lastJob] = (await call(tokens.Staff, 'GET', '/api/print-jobs?per_page=1')).body.data;
    const placed = await call(tokens.Staff, 'POST', '/api/open-orders', {
      table: '4',
      service: 'dine_in',
      lines: [
        { product_id: latte.id, quantity: 2, note: 'no condensed milk' },
        { product_id: tea.id, quantity: 1 },
      ],
    });
    expect(placed.status).toBe(201);
    await barPrinter.waitForJobs(barBefore + 1);
    await kitchenPrinter.waitForJobs(kitchenBefore + 1);
    const added = await call(tokens.Staff, 'POST', `/api/open-orders/${placed.body.data.id}/lines`, { lines: [{ product_id: latte.id, quantity: 1 }] });
    expect(added.status).toBe(201);
    const barJobs = (await barPrinter.waitForJobs(barBefore + 2)).slice(barBefore);
    expect(barJobs.map((job) => job.pages[0]!.width)).toEqual([384, 384]);
    // The second ticket holds one line where the first held one line with a note: shorter.
    expect(barJobs[1]!.pages[0]!.height).toBeLessThan(barJobs[0]!.pages[0]!.height);
    savePicture(barJobs[0]!.pages[0]!, 'kitchen-ticket-58mm');
    expect(kitchenPrinter.jobs.length).toBe(kitchenBefore + 1);
    const jobs: PrintJob[] = (await call(tokens.Staff, 'GET', '/api/print-jobs?per_page=100')).body.data;
    const orderJobs = jobs.filter((job) => job.id > lastJob.id).reverse();
    expect(orderJobs.map((job) => [job.kind, job.printer_id, job.status])).toEqual([
      ['kitchen', 'bar', 'printed'],
      ['kitchen', 'kitchen', 'printed'],
      ['kitchen', 'bar', 'printed'],
    ]);
  });

  it('records a sale while the printer is off, keeps the job to retry, and prints it once when the printer is back', async () => {
    await receiptPrinter.off();
    const before = receiptPrinter.jobs.length;
    const sale = await sell('cash');
    expect(sale.status).toBe(201);
    const [failed] = await settledJobs(`sale_id=${sale.body.data.id}`);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, error: `The printer Counter printer at ${receiptPrinter.address} refused the connection. Check that it is on and plugged into the network.` });
    const retryList: PrintJob[] = (await call(tokens.Staff, 'GET', `/api/print-jobs?till_id=${till.id}&status=failed`)).body.data;
    expect(retryList.map((job) => job.id)).toContain(failed!.id);
    expect((await call(tokens.Manager, 'GET', `/api/sales/${sale.body.data.id}`)).status).toBe(200);

    await receiptPrinter.on();
    const [first, second] = await Promise.all([call(tokens.Staff, 'POST', `/api/print-jobs/${failed!.id}/retry`), call(tokens.Staff, 'POST', `/api/print-jobs/${failed!.id}/retry`)]);
    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers[0]).toMatchObject({ status: 200, body: { data: { status: 'printed', attempts: 2, open_drawer: false } } });
    expect(answers[1]!.status).toBe(409);
    expect(await call(tokens.Staff, 'POST', `/api/print-jobs/${failed!.id}/retry`)).toMatchObject({ status: 409, body: { message: PRINT_MESSAGES.alreadyPrinted } });
    await receiptPrinter.waitForJobs(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiptPrinter.jobs.length).toBe(before + 1);
    // Printed later, the receipt leaves the drawer shut.
    expect(receiptPrinter.jobs[before]!.pulses).toEqual([]);
  });

  it('pulses the drawer for a no-sale at a till with an open shift', async () => {
    const shift = await call(tokens.Staff, 'POST', '/api/shifts', { till_id: till.id, float: [{ currency: 'USD', amount: 20 }] });
    expect(shift.status).toBe(201);
    const before = receiptPrinter.jobs.length;
    expect((await call(tokens.Staff, 'POST', `/api/shifts/${shift.body.data.id}/movements`, { type: 'no_sale' })).status).toBe(201);
    const [pulse] = (await receiptPrinter.waitForJobs(before + 1)).slice(before);
    expect(pulse!.pulses).toEqual([0]);
    expect(pulse!.pages).toEqual([]);
    const [job] = (await call(tokens.Staff, 'GET', `/api/print-jobs?till_id=${till.id}&per_page=1`)).body.data;
    expect(job).toMatchObject({ kind: 'drawer', open_drawer: true, status: 'printed' });
  });

  it('prints price labels at the label size, one picture per label', async () => {
    const milk = products.find((p) => p.barcode !== null) ?? latte;
    const printed = await call(tokens.Staff, 'POST', '/api/labels/print', { printer_id: 'labels', items: [{ product_id: latte.id, count: 2 }, { product_id: milk.id, count: 1 }] });
    expect(printed).toMatchObject({ status: 200, body: { data: { kind: 'label', status: 'printed' } } });
    const [job] = await labelPrinter.waitForJobs(1);
    expect(job!.pages).toHaveLength(3);
    expect(job!.cuts).toBe(3);
    expect(job!.pages.map((page) => [page.width, page.height])).toEqual([
      [400, 240],
      [400, 240],
      [400, 240],
    ]);
    savePicture(job!.pages[0]!, 'label-50x30');
  });

  it('records a slip a till printed itself, and lists jobs newest first', async () => {
    const sale = await sell('card');
    const reported = await call(tokens.Staff, 'POST', '/api/print-jobs', { kind: 'receipt', printer_id: 'usb', till_id: till.id, sale_id: sale.body.data.id, status: 'failed', error: 'The USB printer is not connected.' });
    expect(reported).toMatchObject({ status: 201, body: { data: { target: 'usb', status: 'failed', error: 'The USB printer is not connected.' } } });
    expect((await call(tokens.Staff, 'POST', '/api/print-jobs', { kind: 'receipt', printer_id: 'ghost', status: 'printed' })).status).toBe(422);
    const [newest] = (await call(tokens.Staff, 'GET', '/api/print-jobs?per_page=1')).body.data;
    expect(newest.id).toBe(reported.body.data.id);
  });
});
