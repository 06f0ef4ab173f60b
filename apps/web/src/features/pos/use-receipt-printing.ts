import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { PrintJob } from '@shop/contracts/print-job';
import type { Sale } from '@shop/contracts/sale';
import { useReceiptPrinter } from '@/components/receipt/use-receipt-printer';
import { usePrintSale, useRetryPrintJob, useSalePrintJobs } from '@/lib/printing/print-api';
import { retryConflict } from '@/lib/printing/print-text';

/**
 * Where a sale's receipt stands on this till's receipt printer, after Pay:
 * - `dialog`: no thermal printer (the browser's print dialog, or none): the Print button as ever;
 * - `tap`: the till prints on tap: a Print receipt button;
 * - `printing`, `printed`, `failed` (with why, and a retry).
 * A network printer is driven by the server (by itself when the till prints automatically, or on
 * POST /sales/{id}/print), a USB or serial one by this browser. Nothing here holds up the next sale.
 */
export type ReceiptPrintState =
  | { status: 'waiting' | 'dialog' | 'tap' | 'printing' | 'printed' }
  | { status: 'failed'; error: unknown; jobError: string | null };

export function useReceiptPrinting(sale: Sale): { state: ReceiptPrintState; print: () => void } {
  const { settings, printer, route, autoPrint, known } = useReceiptPrinter(sale.till_id);
  // The server prints by itself only for a sale rung up at a till that prints automatically.
  const serverAuto = known && route === 'server' && autoPrint && sale.till_id !== null && sale.id !== 0;
  const local = route === 'usb' || route === 'serial';
  const jobs = useSalePrintJobs(serverAuto ? sale.id : null);
  const printSale = usePrintSale();
  const retryJob = useRetryPrintJob();
  const here = useMutation({
    mutationFn: async () => {
      if (!printer) throw new Error('not-connected');
      const { printReceiptHere } = await import('@/lib/printing/receipt-here');
      await printReceiptHere(sale, settings, printer, { tillId: sale.till_id, copy: false });
    },
  });

  // A till that prints automatically on its own USB or serial printer prints once, as the change shows.
  const { mutate: printHereNow } = here;
  const started = useRef(false);
  useEffect(() => {
    if (!known || !local || !autoPrint || started.current) return;
    started.current = true;
    printHereNow();
  }, [known, local, autoPrint, printHereNow]);

  if (!known) return { state: { status: 'waiting' }, print: () => undefined };

  if (local) {
    const state: ReceiptPrintState = here.isPending
      ? { status: 'printing' }
      : here.isSuccess
        ? { status: 'printed' }
        : here.isError
          ? { status: 'failed', error: here.error, jobError: null }
          : { status: autoPrint ? 'printing' : 'tap' };
    return { state, print: () => here.mutate() };
  }

  // A sale made offline is not on the server yet: it prints from this browser (its print dialog).
  if (route !== 'server' || sale.id === 0) return { state: { status: 'dialog' }, print: () => undefined };

  // The latest word on the receipt's job: the list polled, or what the last print or retry answered.
  const answered = retryJob.data?.data ?? printSale.data?.data;
  const listed = jobs.data?.find((job) => job.kind === 'receipt' && !job.copy);
  const job = latest(listed, answered);
  const conflict = retryJob.isError ? retryConflict(retryJob.error) : null;

  const print = () => {
    if (job?.status === 'failed') retryJob.mutate(job.id);
    else printSale.mutate({ saleId: sale.id, till_id: sale.till_id, copy: false });
  };

  let state: ReceiptPrintState;
  if (printSale.isPending || retryJob.isPending) state = { status: 'printing' };
  else if (conflict && job?.status === 'failed') state = { status: conflict };
  else if (retryJob.isError && !conflict) state = { status: 'failed', error: retryJob.error, jobError: null };
  else if (job) state = job.status === 'failed' ? { status: 'failed', error: null, jobError: job.error } : { status: job.status === 'printed' ? 'printed' : 'printing' };
  else if (printSale.isError) state = { status: 'failed', error: printSale.error, jobError: null };
  else state = { status: serverAuto ? 'printing' : 'tap' };
  return { state, print };
}

/** Of two readings of the same job, the one after more attempts (a retry's answer beats a stale list). */
function latest(listed: PrintJob | undefined, answered: PrintJob | undefined): PrintJob | undefined {
  if (!listed) return answered;
  if (!answered || answered.id !== listed.id) return listed.id > (answered?.id ?? 0) ? listed : answered;
  return answered.attempts > listed.attempts || (answered.attempts === listed.attempts && answered.status !== 'pending') ? answered : listed;
}
