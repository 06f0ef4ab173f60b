import { describe, expect, it } from 'vitest';
import { printMessage } from '@shop/contracts/print-messages';
import { i18n, switchLanguage } from '@/lib/i18n';
import kh from '@/lib/locales/kh.json';
import { localFailure } from './print-here';
import { printErrorText, printJobWhat } from './print-text';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);

describe('a print job in the user’s words', () => {
  it('translates a job’s error with the printer’s name and address it names', async () => {
    const error = printMessage('refused', { name: 'Bar printer', target: '10.0.0.7:9100' });
    expect(printErrorText(error, t)).toBe(error);
    await switchLanguage('kh');
    const khmer = printErrorText(error, t);
    expect(khmer).toBe(kh['The printer {{name}} at {{target}} refused the connection. Check that it is on and plugged into the network.'].replace('{{name}}', 'Bar printer').replace('{{target}}', '10.0.0.7:9100'));
    expect(printErrorText(printMessage('timedOut', { name: 'ម៉ាស៊ីនបារ', target: '10.0.0.8:9101' }), t)).toContain('ម៉ាស៊ីនបារ នៅ 10.0.0.8:9101');
    expect(printErrorText(printMessage('interrupted'), t)).toBe(kh['The server stopped while this job was printing. Retry it if it did not print.']);
    expect(printErrorText(localFailure(new Error('unavailable')), t)).toBe(kh['This browser cannot reach USB or serial printers. Use Chrome or Edge on this till.']);
  });

  it('shows an error from nowhere known as it is, and a job without one as failed', () => {
    expect(printErrorText('Paper jam on tray 2', t)).toBe('Paper jam on tray 2');
    expect(printErrorText(null, t)).toBe('Printing failed');
  });

  it('names what a job printed', () => {
    expect(printJobWhat({ kind: 'receipt', sale_code: 'SO-000123', copy: false }, t)).toBe('Receipt SO-000123');
    expect(printJobWhat({ kind: 'receipt', sale_code: 'SO-000123', copy: true }, t)).toBe('Receipt copy SO-000123');
    expect(printJobWhat({ kind: 'kitchen', sale_code: null, copy: false }, t)).toBe('Kitchen ticket');
    expect(printJobWhat({ kind: 'label', sale_code: null, copy: false }, t)).toBe('Labels');
  });
});
