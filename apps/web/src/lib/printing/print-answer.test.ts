import { afterEach, describe, expect, it } from 'vitest';
import { PRINT_MESSAGES, printMessage } from '@shop/contracts/print-messages';
import { i18n, switchLanguage } from '@/lib/i18n';
import { printAnswerText } from './print-text';

const data = { printer_name: 'Bar', target: '192.168.1.50:9100' };
const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;

describe('printAnswerText', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the server’s English message as it is', () => {
    const message = printMessage('refused', { name: 'Bar', target: '192.168.1.50:9100' });
    expect(printAnswerText({ data, message }, t)).toBe(message);
  });

  it('translates a message with the job’s printer name and address filled in', async () => {
    await switchLanguage('kh');
    const message = printMessage('unreachable', { name: 'Bar', target: '192.168.1.50:9100' });
    expect(printAnswerText({ data, message }, t)).toBe('មិនអាចភ្ជាប់ទៅម៉ាស៊ីនបោះពុម្ព Bar នៅ 192.168.1.50:9100 បានទេ។ សូមពិនិត្យអាសយដ្ឋានរបស់វា និងបណ្ដាញ។');
    // A message without placeholders is translated as a key.
    expect(printAnswerText({ data, message: PRINT_MESSAGES.testPrinted }, t)).toBe('បានបោះពុម្ពទំព័រសាកល្បង');
    // One it does not know stays in English rather than disappearing.
    expect(printAnswerText({ data, message: 'The job could not be drawn: out of memory' }, t)).toBe('The job could not be drawn: out of memory');
  });
});
