import { printMessage, PRINT_MESSAGES } from '@shop/contracts/print-messages';
import type { PrintJob, PrintJobKind, PrintJobListQuery, labelPrintInputSchema, printJobReportSchema, salePrintInputSchema } from '@shop/contracts/print-job';
import type { Printer, Settings } from '@shop/contracts/settings';
import type { z } from 'zod';
import { compiledOnce } from '../../db/compiled-once';
import type { PrintJobsTable } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../lib/errors';
import { paginate } from '../../lib/paginate';
import type { Actor, ServiceContext } from '../context';
import { saleCode } from '../../lib/document-codes';
import { getSale } from '../sales';
import { getSettings } from '../settings';
import { findPrinter, kitchenPrinterFor, printerTarget, receiptPrinterFor } from '@shop/print/printers';
import { renderJob, type JobLabels } from './render';
import { PrinterFault, sendToNetworkPrinter } from './transport';

/*
 * Print jobs (docs/decisions/0015-printing.md). A job is written `pending` in the transaction of
 * what it prints (a sale, a kitchen ticket), so it is never lost and never delays the sale; once
 * that commits, `startPrinting` sends every pending job, one at a time per printer. A job that
 * fails keeps its reason and waits in the retry list; a retry claims it (failed → pending) in one
 * statement, so two taps on Retry print it once.
 */

type NewJob = {
  kind: PrintJobKind;
  printer: Printer;
  tillId?: number | null;
  saleId?: number | null;
  ticketId?: number | null;
  copy?: boolean;
  openDrawer?: boolean;
  payload?: unknown;
  userId?: number | null;
};

/** Jobs this process has queued, whether their transactions committed or not: a write that queued none has nothing to send. */
let jobsQueued = 0;

/** Writes a job to send once the caller's transaction commits. */
export async function queueJob(tx: ServiceContext, job: NewJob): Promise<number> {
  jobsQueued += 1;
  const { id } = await tx.db
    .insertInto('print_jobs')
    .values({
      kind: job.kind,
      printer_id: job.printer.id,
      printer_name: job.printer.name,
      target: printerTarget(job.printer),
      till_id: job.tillId ?? null,
      sale_id: job.saleId ?? null,
      ticket_id: job.ticketId ?? null,
      copy: job.copy ? 1 : 0,
      open_drawer: job.openDrawer ? 1 : 0,
      payload: job.payload === undefined ? null : JSON.stringify(job.payload),
      status: 'pending',
      error: null,
      attempts: 0,
      bytes: 0,
      user_id: job.userId ?? null,
      created_at: tx.clock.now().toISOString(),
      printed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Checkout's step for a sale rung up at a till: its receipt when the till prints automatically,
 * the drawer pulse when cash changed hands and a drawer is wired to the printer. Only network
 * printers: a till's USB printer is driven by that till's browser.
 */
export async function queueSaleJobs(tx: ServiceContext, sale: { id: number; tillId: number | null; paidCash: boolean; userId: number }, settings: Settings): Promise<void> {
  if (sale.tillId === null) return;
  const till = await tx.db.selectFrom('tills').select(['printer_id', 'auto_print']).where('id', '=', sale.tillId).executeTakeFirst();
  if (!till) return;
  const printer = receiptPrinterFor(settings, till.printer_id);
  if (printer?.connection !== 'network') return;
  const openDrawer = sale.paidCash && printer.drawer;
  if (till.auto_print === 1) await queueJob(tx, { kind: 'receipt', printer, tillId: sale.tillId, saleId: sale.id, openDrawer, userId: sale.userId });
  else if (openDrawer) await queueJob(tx, { kind: 'drawer', printer, tillId: sale.tillId, saleId: sale.id, openDrawer: true, userId: sale.userId });
}

/** The drawer opened by hand (a no-sale, money paid in or out): a pulse on the till's receipt printer. */
export async function queueDrawerPulse(tx: ServiceContext, tillId: number, userId: number): Promise<void> {
  const settings = await getSettings(tx);
  const till = await tx.db.selectFrom('tills').select(['printer_id']).where('id', '=', tillId).executeTakeFirst();
  const printer = till ? receiptPrinterFor(settings, till.printer_id) : null;
  if (printer?.connection === 'network' && printer.drawer) await queueJob(tx, { kind: 'drawer', printer, tillId, openDrawer: true, userId });
}

/** A kitchen ticket for its station's printer, when the station has a network Kitchen printer. */
export async function queueKitchenJob(tx: ServiceContext, ticketId: number, station: string, settings: Pick<Settings, 'printers'>): Promise<void> {
  const printer = kitchenPrinterFor(settings, station);
  if (printer) await queueJob(tx, { kind: 'kitchen', printer, ticketId });
}

// One chain of sends per printer: a printer takes one connection at a time, and a slow one does not hold up the others.
const chains = new Map<string, Promise<unknown>>();
const claimed = new Set<number>();

function onChain<T>(target: string, work: () => Promise<T>): Promise<T> {
  const run = (chains.get(target) ?? Promise.resolve()).then(work, work);
  const tail = run.catch(() => undefined);
  chains.set(target, tail);
  void tail.then(() => {
    if (chains.get(target) === tail) chains.delete(target);
  });
  return run;
}

/** The oldest jobs waiting to be sent: read after every sale that queued one, so built once (docs/decisions/0017-speed-on-the-wire-and-under-load.md). */
const pendingJobs = compiledOnce((db) => db.selectFrom('print_jobs').select(['id', 'target']).where('status', '=', 'pending').orderBy('id').limit(200));

/** Sends every pending job in the background (after a sale, an order or a drawer movement commits). */
export function startPrinting(ctx: ServiceContext): void {
  void (async () => {
    const pending = await pendingJobs(ctx);
    for (const job of pending) {
      if (claimed.has(job.id)) continue;
      claimed.add(job.id);
      // A failure is the job's own result (sendJob records it); only a database gone away lands here.
      void onChain(job.target, () => sendJob(ctx, job.id))
        .catch(() => undefined)
        .finally(() => claimed.delete(job.id));
    }
  })().catch(() => undefined);
}

/**
 * Runs a write that may queue jobs (a sale, an order), then starts sending them: never before it
 * commits. The queue is read only when a job was queued while the write ran (its own, or a write
 * beside it): a shop without network printers, most of them, pays nothing after each sale. Jobs
 * other servers queue are theirs to send, and one still pending at start is failed then (decision 0015).
 */
export async function thenPrint<T>(ctx: ServiceContext, write: () => Promise<T>): Promise<T> {
  const queuedBefore = jobsQueued;
  const result = await write();
  if (jobsQueued !== queuedBefore) startPrinting(ctx);
  return result;
}

/** Sends one pending job now and answers how it ended. */
async function printNow(ctx: ServiceContext, id: number): Promise<PrintJob> {
  const { target } = await ctx.db.selectFrom('print_jobs').select('target').where('id', '=', id).executeTakeFirstOrThrow();
  claimed.add(id);
  try {
    await onChain(target, () => sendJob(ctx, id));
  } finally {
    claimed.delete(id);
  }
  return getPrintJob(ctx, id);
}

/** Draws, encodes and sends a pending job, then records the outcome. Never throws: a fault is the job's result. */
async function sendJob(ctx: ServiceContext, id: number): Promise<void> {
  const job = await ctx.db.selectFrom('print_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!job || job.status !== 'pending') return;
  const settings = await getSettings(ctx);
  const printer = findPrinter(settings, job.printer_id);
  const target = printer ? printerTarget(printer) : job.target;
  let outcome: Pick<PrintJobsTable, 'status' | 'error'> & Partial<Pick<PrintJobsTable, 'bytes' | 'printed_at'>>;
  try {
    if (!printer) throw new JobError(PRINT_MESSAGES.printerUnknown);
    if (printer.connection !== 'network') throw new JobError(PRINT_MESSAGES.notNetwork);
    const { bytes } = await renderJob(ctx, job, printer, settings);
    await sendToNetworkPrinter(target, bytes);
    outcome = { status: 'printed', error: null, bytes: bytes.length, printed_at: ctx.clock.now().toISOString() };
  } catch (error) {
    const message =
      error instanceof PrinterFault
        ? printMessage(error.key, { name: printer?.name ?? job.printer_name, target })
        : error instanceof JobError
          ? error.message
          : `The job could not be drawn: ${error instanceof Error ? error.message : String(error)}`;
    outcome = { status: 'failed', error: message };
  }
  await ctx.db
    .updateTable('print_jobs')
    .set({ ...outcome, target, attempts: job.attempts + 1, printer_name: printer?.name ?? job.printer_name })
    .where('id', '=', id)
    .execute();
}

class JobError extends Error {}

/**
 * At start-up: a job left pending was being sent when the server stopped, or was about to be.
 * Sending it again could print it twice, so it goes to the retry list for the till to decide.
 */
export async function failInterruptedJobs(ctx: ServiceContext): Promise<void> {
  await ctx.db.updateTable('print_jobs').set({ status: 'failed', error: PRINT_MESSAGES.interrupted }).where('status', '=', 'pending').execute();
}

function selectJobs(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('print_jobs')
    .leftJoin('users', 'users.id', 'print_jobs.user_id')
    .leftJoin('sales', 'sales.id', 'print_jobs.sale_id')
    .selectAll('print_jobs')
    .select(['users.name as user_name', 'sales.number as sale_number']);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['executeTakeFirstOrThrow']>>;

const toPrintJob = (row: JobRow): PrintJob => ({
  id: row.id,
  kind: row.kind,
  printer_id: row.printer_id,
  printer_name: row.printer_name,
  target: row.target,
  till_id: row.till_id,
  sale_id: row.sale_id,
  sale_code: row.sale_number === null ? null : saleCode(row.sale_number),
  ticket_id: row.ticket_id,
  copy: row.copy === 1,
  open_drawer: row.open_drawer === 1,
  status: row.status,
  error: row.error,
  attempts: row.attempts,
  bytes: row.bytes,
  created_by: row.user_id === null ? null : { id: row.user_id, name: row.user_name ?? '' },
  created_at: row.created_at,
  printed_at: row.printed_at,
});

export async function getPrintJob(ctx: ServiceContext, id: number): Promise<PrintJob> {
  const row = await selectJobs(ctx).where('print_jobs.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(PRINT_MESSAGES.notFound);
  return toPrintJob(row);
}

/** GET /print-jobs: newest first; a till asks for its failed ones (the retry list). */
export async function listPrintJobs(ctx: ServiceContext, query: PrintJobListQuery) {
  let select = selectJobs(ctx);
  if (query.status !== 'all') select = select.where('print_jobs.status', '=', query.status);
  if (query.till_id !== undefined) select = select.where('print_jobs.till_id', '=', query.till_id);
  if (query.sale_id !== undefined) select = select.where('print_jobs.sale_id', '=', query.sale_id);
  const page = await paginate(select.orderBy('print_jobs.id', 'desc'), query.page, query.per_page);
  return { data: page.rows.map(toPrintJob), meta: page.meta };
}

/** POST /print-jobs/{id}/retry: a failed job sent again, once however many times Retry is tapped. */
export async function retryPrintJob(ctx: ServiceContext, id: number): Promise<PrintJob> {
  const job = await getPrintJob(ctx, id);
  if (job.status === 'printed') throw conflict(PRINT_MESSAGES.alreadyPrinted);
  // A receipt printed later does not open the drawer again: cash changed hands at the sale, not now.
  const claim = await ctx.db
    .updateTable('print_jobs')
    .set({ status: 'pending', error: null, ...(job.kind === 'receipt' ? { open_drawer: 0 } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(claim.numUpdatedRows) === 0) throw conflict(job.status === 'pending' ? PRINT_MESSAGES.printing : PRINT_MESSAGES.alreadyPrinted);
  return printNow(ctx, id);
}

function networkPrinter(settings: Settings, id: string, field: string): Printer {
  const printer = findPrinter(settings, id);
  if (!printer) throw unprocessable(PRINT_MESSAGES.printerUnknown, { field });
  if (printer.connection !== 'network') throw unprocessable(PRINT_MESSAGES.notNetwork, { field });
  return printer;
}

/** POST /printers/{id}/test: the test page, through the server, answered with how it went. */
export async function printTestPage(ctx: ServiceContext, printerId: string, actor: Actor): Promise<PrintJob> {
  const printer = networkPrinter(await getSettings(ctx), printerId, 'printer_id');
  return printNow(ctx, await queueJob(ctx, { kind: 'test', printer, userId: actor.userId }));
}

/** POST /sales/{id}/print: a receipt on the named printer, or the till's, or the shop's default. */
export async function printSaleReceipt(ctx: ServiceContext, saleId: number, input: z.output<typeof salePrintInputSchema>, actor: Actor): Promise<PrintJob> {
  await getSale(ctx, saleId, actor); // the caller may see this sale
  const settings = await getSettings(ctx);
  const sale = await ctx.db.selectFrom('sales').select(['till_id']).where('id', '=', saleId).executeTakeFirstOrThrow();
  const tillId = input.till_id ?? sale.till_id;
  let printer: Printer | null;
  if (input.printer_id !== null) printer = networkPrinter(settings, input.printer_id, 'printer_id');
  else {
    const till = tillId === null ? null : await ctx.db.selectFrom('tills').select('printer_id').where('id', '=', tillId).executeTakeFirst();
    printer = receiptPrinterFor(settings, till?.printer_id ?? null);
    if (!printer) throw unprocessable(PRINT_MESSAGES.noReceiptPrinter, { field: 'printer_id' });
    if (printer.connection !== 'network') throw unprocessable(PRINT_MESSAGES.notNetwork, { field: 'printer_id' });
  }
  return printNow(ctx, await queueJob(ctx, { kind: 'receipt', printer, tillId, saleId, copy: input.copy, userId: actor.userId }));
}

/** POST /labels/print: price labels with barcodes, a job for the lot. */
export async function printLabels(ctx: ServiceContext, input: z.output<typeof labelPrintInputSchema>, actor: Actor): Promise<PrintJob> {
  const settings = await getSettings(ctx);
  const printer = networkPrinter(settings, input.printer_id, 'printer_id');
  if (printer.type !== 'Label') throw unprocessable(PRINT_MESSAGES.notLabelPrinter, { field: 'printer_id' });
  const ids = [...new Set(input.items.map((item) => item.product_id))];
  const products = await ctx.db.selectFrom('products').select(['id', 'name', 'price_cents', 'barcode', 'sku']).where('id', 'in', ids).execute();
  // The barcode library loads on the first labels asked for, not with the server (its idle memory).
  const { barcodeBars } = await import('@shop/print/label');
  const items: JobLabels['items'] = input.items.map((item, index) => {
    const product = products.find((row) => row.id === item.product_id);
    if (!product) throw unprocessable('Product not found.', { field: `items.${index}.product_id` });
    const code = product.barcode ?? product.sku;
    try {
      barcodeBars(code);
    } catch {
      throw unprocessable(PRINT_MESSAGES.noBarcode, { field: `items.${index}.product_id` });
    }
    return { name: product.name, price: product.price_cents / 100, code, count: item.count };
  });
  return printNow(ctx, await queueJob(ctx, { kind: 'label', printer, payload: { items }, userId: actor.userId }));
}

/** POST /print-jobs: what a till printed itself on its USB or serial printer, recorded with its result. */
export async function reportPrintJob(ctx: ServiceContext, input: z.output<typeof printJobReportSchema>, actor: Actor): Promise<PrintJob> {
  const printer = findPrinter(await getSettings(ctx), input.printer_id);
  if (!printer) throw unprocessable(PRINT_MESSAGES.printerUnknown, { field: 'printer_id' });
  if (input.sale_id !== null) await getSale(ctx, input.sale_id, actor);
  const id = await queueJob(ctx, { kind: input.kind, printer, tillId: input.till_id, saleId: input.sale_id, copy: input.copy, openDrawer: input.open_drawer, userId: actor.userId });
  await ctx.db
    .updateTable('print_jobs')
    .set({ status: input.status, error: input.error, attempts: 1, bytes: input.bytes, printed_at: input.status === 'printed' ? ctx.clock.now().toISOString() : null })
    .where('id', '=', id)
    .execute();
  return getPrintJob(ctx, id);
}

