import { PRINT_MESSAGES } from '@shop/contracts/print-messages';
import type { PrintJob } from '@shop/contracts/print-job';
import { ApiError } from '@/lib/api-client';

/*
 * A print job in the till's words: what it was ("Receipt SO-000123", "Kitchen ticket") and why it
 * failed, translated. The server keeps a job's error in English with the printer's name and
 * address filled in; it is read back against the message templates it came from, so the
 * translation gets the same name and address. Text from nowhere known is shown as it is.
 */

/** Why a local print failed, in the words the jobs list keeps (English, as the server's; translated by printErrorText). */
export const LOCAL_FAILURES = {
  unavailable: 'This browser cannot reach USB or serial printers. Use Chrome or Edge on this till.',
  notConnected: 'The printer is not connected to this till. Connect it from Settings → Printers.',
  other: 'The printer did not take the job: {{reason}}',
} as const;

export function localFailure(error: unknown): string {
  const code = error instanceof Error ? error.message : '';
  if (code === 'unavailable') return LOCAL_FAILURES.unavailable;
  if (code === 'not-chosen' || code === 'not-connected') return LOCAL_FAILURES.notConnected;
  return LOCAL_FAILURES.other.replace('{{reason}}', code || 'unknown error');
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEMPLATES = [...Object.values(PRINT_MESSAGES), ...Object.values(LOCAL_FAILURES)].map((template) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const placeholder = /^\{\{(\w+)\}\}$/.exec(part);
      if (!placeholder) return escapeRegExp(part);
      names.push(placeholder[1] ?? '');
      return '(.+?)';
    })
    .join('');
  return { template, names, pattern: new RegExp(`^${source}$`, 's') };
});

/** A job's error in the user's language ("The printer Counter at 192.168.1.50:9100 refused…" → Khmer with the same name and address). */
export function printErrorText(error: string | null | undefined, t: Translate): string {
  const text = error?.trim() ?? '';
  if (!text) return t('Printing failed');
  for (const { template, names, pattern } of TEMPLATES) {
    const match = pattern.exec(text);
    if (match) return t(template, Object.fromEntries(names.map((name, index) => [name, match[index + 1]])));
  }
  return text;
}

/** What a job printed: "Receipt SO-000123", "Kitchen ticket", "Drawer", "Test page", "Labels". */
export function printJobWhat(job: Pick<PrintJob, 'kind' | 'sale_code' | 'copy'>, t: Translate): string {
  switch (job.kind) {
    case 'receipt':
      if (!job.sale_code) return t('Receipt');
      return job.copy ? t('Receipt copy {{code}}', { code: job.sale_code }) : t('Receipt {{code}}', { code: job.sale_code });
    case 'kitchen':
      return t('Kitchen ticket');
    case 'drawer':
      return t('Drawer');
    case 'test':
      return t('Test page');
    case 'label':
      return t('Labels');
  }
}

/** A job sent by a till's own browser (USB, serial), which the server cannot send again. */
export const isLocalJob = (job: Pick<PrintJob, 'target'>) => job.target === 'usb' || job.target === 'serial';

/** Why a print call failed: the server's reason (a 422's "No receipt printer…"), or the connection's. */
export function printCallFailureText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) return printErrorText(error.serverMessage ?? t(error.message), t);
  return printErrorText(localFailure(error), t);
}

/** A retry answered 409: the job printed meanwhile (another tap, another till), or is printing now. */
export function retryConflict(error: unknown): 'printed' | 'printing' | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  return error.serverMessage === PRINT_MESSAGES.printing ? 'printing' : 'printed';
}

/** A print call's answer (`{ data: job, message }`) in the user's language: "Test page printed", or why it did not print. */
export const printAnswerText = (answer: { data?: unknown; message: string }, t: Translate): string => printErrorText(answer.message, t);
