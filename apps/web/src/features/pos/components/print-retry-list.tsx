import { useState } from 'react';
import { LoaderCircle, PrinterX, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PrintJob } from '@shop/contracts/print-job';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { useFailedPrintJobs, useRetryPrintJob } from '@/lib/printing/print-api';
import { isLocalJob, printCallFailureText, printErrorText, printJobWhat, retryConflict } from '@/lib/printing/print-text';
import { useShopSettings } from '@/lib/shop-settings';

/**
 * The till's retry list (docs/decisions/0015-printing.md): "Not printed: N" in the till's top bar
 * while this till has jobs that failed at a network printer, opening the list of them with why,
 * Retry for each and Retry all. A job that prints leaves the list; one that printed meanwhile
 * (409) just does. Nothing shows while every job printed.
 */
export function PrintRetryControl({ tillId }: { tillId: number }) {
  const { t } = useTranslation();
  const failed = useFailedPrintJobs(tillId);
  // A USB or serial job prints from the till's browser, not through the server: the change screen retries those.
  const jobs = (failed.data ?? []).filter((job) => !isLocalJob(job));
  const [open, setOpen] = useState(false);
  if (jobs.length === 0) return null;
  const label = t('Not printed: {{count}}', { count: jobs.length });
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        className="border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-200 dark:hover:bg-amber-900/60"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <PrinterX aria-hidden className="size-4" />
        {label}
      </Button>
      <RetryListDialog jobs={jobs} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function RetryListDialog({ jobs, open, onClose }: { jobs: PrintJob[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const retry = useRetryPrintJob();
  const [retrying, setRetrying] = useState<ReadonlySet<number>>(new Set());
  const busy = retrying.size > 0;

  /** Sends one job again; true when it printed (or had printed meanwhile). */
  async function retryOne(job: PrintJob): Promise<boolean> {
    setRetrying((current) => new Set(current).add(job.id));
    try {
      const answer = await retry.mutateAsync(job.id);
      return answer.data.status === 'printed';
    } catch (error) {
      if (retryConflict(error)) return true;
      throw error;
    } finally {
      setRetrying((current) => {
        const next = new Set(current);
        next.delete(job.id);
        return next;
      });
    }
  }

  async function onRetry(job: PrintJob) {
    try {
      if (await retryOne(job)) toast.success(t('Printed'));
      else toast.error(t('{{what}} not printed', { what: printJobWhat(job, t) }));
    } catch (error) {
      toast.error(t('{{what}} not printed', { what: printJobWhat(job, t) }) + ': ' + printCallFailureText(error, t));
    }
  }

  async function onRetryAll() {
    let printed = 0;
    // One after another: jobs for one printer queue there anyway, and a printer still off fails fast.
    for (const job of jobs) {
      if (await retryOne(job).catch(() => false)) printed += 1;
    }
    if (printed === jobs.length) toast.success(t('Printed'));
    else toast.error(t('Printed {{printed}} of {{count}}', { printed, count: jobs.length }));
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('Not printed')}
      description={t('These jobs did not reach their printer. Check the printer, then retry.')}
      size="lg"
    >
      <ModalBody>
        <ul aria-label={t('Print jobs not printed')} className="divide-y divide-slate-200 dark:divide-slate-800">
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0 flex-1 basis-64">
                <p className="font-medium text-slate-900 dark:text-white">{printJobWhat(job, t)}</p>
                <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  {job.printer_name} · {formatDateTime(job.created_at, settings.localization.timezone)}
                </p>
                <p className="mt-1 text-sm text-red-800 dark:text-red-300">{printErrorText(job.error, t)}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                disabled={retrying.has(job.id)}
                aria-label={t('Retry {{what}}', { what: printJobWhat(job, t) })}
                onClick={() => void onRetry(job)}
              >
                {retrying.has(job.id) ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <RotateCcw aria-hidden className="size-4" />}
                {t('Retry')}
              </Button>
            </li>
          ))}
        </ul>
      </ModalBody>
      <ModalFooter>
        <Button variant="ghost" onClick={onClose}>
          {t('Close')}
        </Button>
        <Button onClick={() => void onRetryAll()} disabled={busy}>
          <RotateCcw aria-hidden className="size-4" />
          {t('Retry all')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
