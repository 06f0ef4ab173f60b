import type { Settings } from './settings';

/** The port ESC/POS network printers listen on when the address gives none. */
export const DEFAULT_PRINTER_PORT = 9100;

/** A new shop's settings (docs/screens.md, "Settings"). */
export const DEFAULT_SETTINGS: Settings = {
  general: {
    name: 'My Shop',
    email: '',
    phone: '',
    address: '',
    logo: '',
    allowNegativeStock: false,
    // A till stays signed in through a working day, and a week at most (docs/decisions/0008).
    sessionIdleMinutes: 12 * 60,
    sessionLifetimeHours: 7 * 24,
  },
  localization: { currency: 'USD', locale: 'en-US', timezone: 'Asia/Phnom_Penh', numberFormat: '1,234.56' },
  taxes: { enabled: true, inclusive: false, rate: 10 },
  service: { enabled: false, percent: 0, autoApply: false, maxPercent: 20 },
  payments: {
    khrPerUsd: 4100,
    khrChangePerUsd: null,
    rielStep: 100,
    methods: [
      { key: 'cash', label: 'Cash', enabled: true },
      { key: 'card', label: 'Card', enabled: true },
      { key: 'bank', label: 'Bank', enabled: false },
      { key: 'khqr', label: 'KHQR', enabled: false },
    ],
  },
  khqr: { accountId: '', merchantName: '', city: 'Phnom Penh', accountType: 'individual', merchantId: '', acquiringBank: '', currency: 'USD', expiryMinutes: 10 },
  printers: { default: null, list: [], label: { width: 50, height: 30 } },
  receipts: { showLogo: true, header: '', footer: 'Thank you!', showQR: true, paperWidth: '80', language: 'en' },
  hours: {
    days: [
      { d: 0, open: '08:00', close: '18:00', closed: true },
      { d: 1, open: '08:00', close: '18:00', closed: false },
      { d: 2, open: '08:00', close: '18:00', closed: false },
      { d: 3, open: '08:00', close: '18:00', closed: false },
      { d: 4, open: '08:00', close: '18:00', closed: false },
      { d: 5, open: '08:00', close: '18:00', closed: false },
      { d: 6, open: '09:00', close: '15:00', closed: false },
    ],
  },
  // A new shop sells without shifts until it sets up its tills; the demo shop asks for them.
  shifts: { required: false, blindCount: true, maxDifference: 2 },
  discounts: { maxPercent: 10 },
  kitchen: { stations: ['Bar', 'Kitchen'], routes: [] },
};
