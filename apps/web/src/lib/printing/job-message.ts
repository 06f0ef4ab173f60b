import { PRINT_MESSAGES, printMessage, type PrintJob } from '@shop/contracts/print-job';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A print answer's message (`{ data: job, message }`) in the user's language: the server fills a
 * PRINT_MESSAGES template with the job's printer name and address, so the template the message
 * came from is the translation key, filled again from the job. Any other text is its own key.
 */
export function printAnswerText(answer: { data: Pick<PrintJob, 'printer_name' | 'target'>; message: string }, t: Translate): string {
  const values = { name: answer.data.printer_name, target: answer.data.target };
  const key = (Object.keys(PRINT_MESSAGES) as (keyof typeof PRINT_MESSAGES)[]).find((candidate) => printMessage(candidate, values) === answer.message);
  return key ? t(PRINT_MESSAGES[key], values) : t(answer.message);
}
