import { PRINT_MESSAGES, printMessage, type PrintJob } from '@shop/contracts/print-job';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Why a job failed, in the reader's language. The server keeps the error in English with the
 * printer's name and address filled in ("The printer Bar at 192.168.1.50:9100 refused…"); it is
 * matched back to its message and translated with the job's own name and target.
 */
export function printJobError(job: Pick<PrintJob, 'error' | 'printer_name' | 'target'>, t: Translate): string {
  if (!job.error) return '';
  const values = { name: job.printer_name, target: job.target };
  const key = (Object.keys(PRINT_MESSAGES) as (keyof typeof PRINT_MESSAGES)[]).find((candidate) => printMessage(candidate, values) === job.error);
  return key ? t(PRINT_MESSAGES[key], values) : t(job.error);
}
