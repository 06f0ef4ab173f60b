import { afterEach, describe, expect, it } from 'vitest';
import { printMessage } from '@shop/contracts/print-job';
import { i18n, switchLanguage } from '@/lib/i18n';
import { printJobError } from './job-message';

const job = { printer_name: 'Bar', target: '192.168.1.50:9100' };
const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;

describe('printJobError', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the server’s English message as it is', () => {
    const error = printMessage('refused', { name: 'Bar', target: '192.168.1.50:9100' });
    expect(printJobError({ ...job, error }, t)).toBe(error);
  });

  it('translates a message with the job’s printer name and address filled in', async () => {
    await switchLanguage('kh');
    const error = printMessage('unreachable', { name: 'Bar', target: '192.168.1.50:9100' });
    expect(printJobError({ ...job, error }, t)).toBe('មិនអាចភ្ជាប់ទៅម៉ាស៊ីនបោះពុម្ព Bar នៅ 192.168.1.50:9100 បានទេ។ សូមពិនិត្យអាសយដ្ឋានរបស់វា និងបណ្ដាញ។');
    // A message without placeholders is translated as a key.
    expect(printJobError({ ...job, error: printMessage('notNetwork') }, t)).toBe('ម៉ាស៊ីនបោះពុម្ពនេះដោតនៅកន្លែងគិតលុយមួយ។ សូមបោះពុម្ពពីកន្លែងគិតលុយនោះ។');
    // One it does not know stays in English rather than disappearing.
    expect(printJobError({ ...job, error: 'The job could not be drawn: out of memory' }, t)).toBe('The job could not be drawn: out of memory');
  });

  it('says nothing for a job without an error', () => {
    expect(printJobError({ ...job, error: null }, t)).toBe('');
  });
});
