/*
 * The words printed on slips, in English and Khmer. A slip is drawn by the same code on the
 * server and in the browser, so its words live beside that code rather than in the console's
 * locale files. Keys are the English text; `{{name}}` is filled in.
 */

import { RECEIPT_LANGUAGES } from '@shop/contracts/settings';

export const SLIP_LANGUAGES = RECEIPT_LANGUAGES;
export type SlipLanguage = (typeof SLIP_LANGUAGES)[number];

const KHMER: Record<string, string> = {
  'Receipt No': 'លេខវិក្កយបត្រ',
  Date: 'កាលបរិច្ឆេទ',
  Cashier: 'អ្នកគិតលុយ',
  Customer: 'អតិថិជន',
  Till: 'បញ្ជរ',
  Gross: 'សរុបដើម',
  Discount: 'បញ្ចុះតម្លៃ',
  'Order discount': 'បញ្ចុះតម្លៃការកម្ម៉ង់',
  Subtotal: 'សរុបរង',
  'Tax {{rate}}%': 'ពន្ធ {{rate}}%',
  'Tax {{rate}}% (included)': 'ពន្ធ {{rate}}% (រួមបញ្ចូល)',
  'Service {{percent}}%': 'សេវា {{percent}}%',
  Total: 'សរុប',
  Refunded: 'បានសងប្រាក់វិញ',
  'Refunded: {{qty}}': 'បានសងវិញ៖ {{qty}}',
  Tendered: 'ប្រាក់ទទួល',
  Change: 'ប្រាក់អាប់',
  'Change given': 'ប្រាក់អាប់ដែលបានឲ្យ',
  Rate: 'អត្រាប្តូរប្រាក់',
  'Rate for change': 'អត្រាសម្រាប់ប្រាក់អាប់',
  'Balance due': 'សមតុល្យនៅជំពាក់',
  'Tel: {{phone}}': 'ទូរស័ព្ទ៖ {{phone}}',
  'Pay with KHQR': 'បង់ប្រាក់ដោយ KHQR',
  COPY: 'ច្បាប់ចម្លង',
  '{{method}}, paid {{date}}': '{{method}} បានបង់ {{date}}',
  Cash: 'សាច់ប្រាក់',
  Card: 'កាត',
  Bank: 'ធនាគារ',
  KHQR: 'KHQR',
  Table: 'តុ',
  'Table {{table}}': 'តុ {{table}}',
  'Dine in': 'ញ៉ាំនៅហាង',
  'Take away': 'ខ្ចប់យកទៅ',
  'Ticket {{code}}': 'សំបុត្រ {{code}}',
  'Order {{code}}': 'ការកម្ម៉ង់ {{code}}',
  'Sale {{code}}': 'ការលក់ {{code}}',
  'Placed {{time}}': 'ដាក់នៅម៉ោង {{time}}',
  'Test page': 'ទំព័រសាកល្បង',
  'This printer works.': 'ម៉ាស៊ីនបោះពុម្ពនេះដំណើរការ។',
  'Printer: {{name}}': 'ម៉ាស៊ីនបោះពុម្ព៖ {{name}}',
  'Paper: {{width}} mm, {{dots}} dots': 'ក្រដាស៖ {{width}} មម, {{dots}} ចំណុច',
  'Printed {{time}}': 'បោះពុម្ពនៅ {{time}}',
  'Khmer: {{text}}': 'ភាសាខ្មែរ៖ {{text}}',
};

/** A sentence in Khmer with stacked subscripts and vowels above and below, for the test page. */
export const KHMER_SAMPLE = 'សូមស្វាគមន៍មកកាន់ហាងកាហ្វេរបស់យើង ស្ត្រី ព្រះ ក្ស';

export type SlipTranslate = (key: string, values?: Record<string, string | number>) => string;

/** The slip's words in one language; a key with no Khmer stays English rather than printing nothing. */
export function slipTranslator(language: SlipLanguage): SlipTranslate {
  return (key, values = {}) => {
    const text = language === 'kh' ? (KHMER[key] ?? key) : key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

/** Every key with its Khmer, for the test that no slip word is left without one. */
export const SLIP_KHMER_KEYS = Object.keys(KHMER);
