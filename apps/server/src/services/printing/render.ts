import type { Printer, Settings } from '@shop/contracts/settings';
import type { LabelProduct } from '@shop/print/label';
import type { PrintJobsTable } from '../../db/schema';
import { SHOP_VIEW, type ServiceContext } from '../context';
import { getKitchenTicket } from '../kitchen';
import { getSale } from '../sales';
import { drawInWorker } from './draw-pool';

/*
 * A job made ready to send: what it prints read from the database (a sale never changes, so a
 * reprint is the same receipt), then drawn and encoded on the printing worker (draw.ts).
 */


export type JobLabels = { items: (LabelProduct & { count: number })[] };

type JobRow = Pick<PrintJobsTable, 'kind' | 'sale_id' | 'ticket_id' | 'copy' | 'open_drawer' | 'payload'>;

export async function renderJob(ctx: ServiceContext, job: JobRow, printer: Printer, settings: Settings): Promise<{ bytes: Uint8Array }> {
  const bytes = await drawInWorker({
    kind: job.kind,
    printer,
    settings,
    copy: job.copy === 1,
    openDrawer: job.open_drawer === 1,
    now: ctx.clock.now().toISOString(),
    sale: job.kind === 'receipt' ? await getSale(ctx, job.sale_id ?? 0, SHOP_VIEW) : undefined,
    ticket: job.kind === 'kitchen' ? await getKitchenTicket(ctx, job.ticket_id ?? 0) : undefined,
    labels: job.kind === 'label' ? (JSON.parse(job.payload ?? '{"items":[]}') as JobLabels).items : undefined,
  });
  return { bytes };
}
