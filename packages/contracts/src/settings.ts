import { z } from 'zod';
import { money, percent } from './money';
import { DEFAULT_PRINTER_PORT } from './settings-defaults';
import { PAYMENT_CURRENCIES, RIEL_STEPS } from './tender';

/*
 * Shop-wide settings: one section per tab of the Settings screen, defaults as docs/screens.md
 * ("Settings") lists them.
 * The server stores them; the console reads them for the POS, formatting and receipts.
 */

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`);

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

const clockTime = z.string({ error: 'Enter a time as HH:MM.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM.');

export const CURRENCIES = ['USD', 'EUR', 'KHR', 'THB', 'VND'] as const;
export const LOCALES = ['en-US', 'km-KH', 'th-TH', 'vi-VN'] as const;
export const TIME_ZONES = ['Asia/Phnom_Penh', 'Asia/Bangkok', 'Asia/Ho_Chi_Minh'] as const;
export const NUMBER_FORMATS = ['1,234.56', '1.234,56', '1 234,56'] as const;
export const PRINTER_TYPES = ['Receipt', 'Kitchen', 'Label'] as const;
/**
 * How a printer is reached (docs/decisions/0015-printing.md): over the network on its IP and
 * port (the server sends, as a browser cannot open a raw TCP socket), by USB or serial from the
 * till's browser it is plugged into, or with the browser's own print dialog.
 */
export const PRINTER_CONNECTIONS = ['network', 'usb', 'serial', 'browser'] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];
export const PAPER_WIDTHS = ['58', '80'] as const;
/** The language of the words a slip prints (its labels; names print as they were entered). */
export const RECEIPT_LANGUAGES = ['en', 'kh'] as const;

/** How long a signed-in session may sit unused: 15 minutes to 7 days. */
export const SESSION_IDLE_MINUTES = { min: 15, max: 7 * 24 * 60 } as const;
/** How long a session lasts after sign-in, however busy: 1 hour to 90 days. */
export const SESSION_LIFETIME_HOURS = { min: 1, max: 90 * 24 } as const;

const wholeNumberBetween = (label: string, { min, max }: { min: number; max: number }) => {
  const message = `${label} must be a whole number from ${min} to ${max}.`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

const within = (value: number, { min, max }: { min: number; max: number }) => Number.isInteger(value) && value >= min && value <= max;
const bothSessionLimitsValid = (value: { sessionIdleMinutes: number; sessionLifetimeHours: number }) =>
  within(value.sessionIdleMinutes, SESSION_IDLE_MINUTES) && within(value.sessionLifetimeHours, SESSION_LIFETIME_HOURS);

export const generalSettingsSchema = z
  .object({
    name: text(120, 'Shop name').min(1, 'Shop name is required.'),
    email: text(254, 'Email').refine((value) => value === '' || z.email().safeParse(value).success, 'Enter a valid email address.'),
    phone: text(40, 'Phone'),
    address: text(500, 'Address'),
    logo: text(2048, 'Logo').refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'Logo must be an http(s) URL.'),
    /** Sell a tracked product past zero on hand (the count is corrected later). */
    allowNegativeStock: flag('Allow negative stock'),
    /** A session unused this many minutes ends (sign in again); a till in use all day stays in. */
    sessionIdleMinutes: wholeNumberBetween('Sign out after inactivity (minutes)', SESSION_IDLE_MINUTES),
    /** A session ends this many hours after its sign-in, however busy. */
    sessionLifetimeHours: wholeNumberBetween('Longest session (hours)', SESSION_LIFETIME_HOURS),
  })
  // Said only of two valid numbers: a number out of bounds already has its own message.
  .refine((value) => !bothSessionLimitsValid(value) || value.sessionIdleMinutes <= value.sessionLifetimeHours * 60, {
    message: 'The inactivity limit cannot be longer than the longest session.',
    path: ['sessionIdleMinutes'],
  });

export const localizationSettingsSchema = z.object({
  currency: z.enum(CURRENCIES, { error: 'Choose a currency.' }),
  locale: z.enum(LOCALES, { error: 'Choose a locale.' }),
  timezone: z.enum(TIME_ZONES, { error: 'Choose a time zone.' }),
  numberFormat: z.enum(NUMBER_FORMATS, { error: 'Choose a number format.' }),
});

export const taxSettingsSchema = z.object({
  enabled: flag('Tax enabled'),
  /** Prices already include the tax (it is taken out of them, not added). */
  inclusive: flag('Tax inclusive'),
  rate: percent('Tax rate'),
});

export const serviceSettingsSchema = z.object({
  enabled: flag('Service charge enabled'),
  percent: percent('Service charge'),
  /** The till starts each sale with this percent filled in. */
  autoApply: flag('Apply automatically'),
  /** The most a till may charge, approved or not. */
  maxPercent: percent('Largest service charge'),
}).refine((service) => service.percent <= service.maxPercent, { message: 'The service charge cannot be more than the largest allowed.', path: ['percent'] });

export const paymentMethodSchema = z.object({
  key: z
    .string({ error: 'Each method needs a key.' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A key is lower-case letters, digits and dashes.'),
  label: text(40, 'Label').min(1, 'Each payment method needs a label.'),
  enabled: flag('Enabled'),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const rielRate = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1000, `${label} must be between 1000 and 10000.`)
    .max(10000, `${label} must be between 1000 and 10000.`);

/** The payment methods every shop has; KHQR is offered once its account is filled in (Settings → Payments → KHQR). */
export const BUILT_IN_METHODS = ['cash', 'card', 'bank', 'khqr'] as const;

export const paymentSettingsSchema = z.object({
  /** Riel per US dollar, for riel taken (docs/decisions/0010-payments-in-dollars-and-riel.md). */
  khrPerUsd: rielRate('Riel per dollar'),
  /** Riel per US dollar for change given in riel; null gives change at the rate above. */
  khrChangePerUsd: rielRate('Riel per dollar for change').nullable(),
  /** Riel amounts are rounded to this: the smallest note the shop hands out. */
  rielStep: z
    .number({ error: 'Riel rounding must be 100, 500 or 1000.' })
    .refine((step) => (RIEL_STEPS as readonly number[]).includes(step), 'Riel rounding must be 100, 500 or 1000.'),
  methods: z
    .array(paymentMethodSchema, { error: 'Payment methods must be a list.' })
    .max(20, 'At most 20 payment methods.')
    .superRefine((methods, ctx) => {
      const seen = new Set<string>();
      const labels = new Set<string>();
      for (const method of methods) {
        if (seen.has(method.key)) ctx.addIssue({ code: 'custom', message: `The key ${method.key} is used twice.` });
        if (labels.has(method.label.toLowerCase())) ctx.addIssue({ code: 'custom', message: `The label ${method.label} is used twice.` });
        seen.add(method.key);
        labels.add(method.label.toLowerCase());
      }
      if (!methods.some((method) => method.enabled)) ctx.addIssue({ code: 'custom', message: 'Keep at least one payment method enabled.' });
    }),
});

/**
 * KHQR, Cambodia's national payment QR (Bakong): the shop's account as the QR names it. The field
 * limits are the KHQR specification's. The Bakong API token, a secret, is not a setting: it is the
 * server's environment (BAKONG_API_TOKEN), so no screen or settings answer ever carries it.
 */
export const khqrSettingsSchema = z
  .object({
    /** The Bakong account id, `name@bank`. */
    accountId: text(32, 'Bakong account id').refine((value) => value === '' || /^[^@\s]+@[^@\s]+$/.test(value), 'A Bakong account id looks like name@bank.'),
    merchantName: text(25, 'Merchant name'),
    city: text(15, 'City'),
    accountType: z.enum(['individual', 'merchant'], { error: 'Account type must be individual or merchant.' }),
    /** A merchant account's id and acquiring bank (both required for a merchant account). */
    merchantId: text(32, 'Merchant id'),
    acquiringBank: text(32, 'Acquiring bank'),
    currency: z.enum(PAYMENT_CURRENCIES, { error: 'Currency must be USD or KHR.' }),
    /** How long a dynamic QR may be paid, in minutes. */
    expiryMinutes: wholeNumberBetween('QR expiry (minutes)', { min: 1, max: 60 }),
  })
  .superRefine((khqr, ctx) => {
    if (khqr.accountId === '') return;
    if (khqr.merchantName === '') ctx.addIssue({ code: 'custom', path: ['merchantName'], message: 'Merchant name is required for KHQR.' });
    if (khqr.city === '') ctx.addIssue({ code: 'custom', path: ['city'], message: 'City is required for KHQR.' });
    if (khqr.accountType === 'merchant') {
      if (khqr.merchantId === '') ctx.addIssue({ code: 'custom', path: ['merchantId'], message: 'A merchant account needs its merchant id.' });
      if (khqr.acquiringBank === '') ctx.addIssue({ code: 'custom', path: ['acquiringBank'], message: 'A merchant account needs its acquiring bank.' });
    }
  });
export type KhqrSettings = z.infer<typeof khqrSettingsSchema>;

const printerFields = z.object({
  id: z.string({ error: 'Each printer needs an id.' }).trim().min(1, 'Each printer needs an id.').max(60, 'Printer id is too long.'),
  name: text(80, 'Printer name').min(1, 'Each printer needs a name.'),
  /** A network printer's address, with its port when not 9100: 192.168.1.50 or 192.168.1.50:9101. */
  ip: text(60, 'IP address').refine(
    (value) => value === '' || /^(\d{1,3}\.){3}\d{1,3}(:\d{1,5})?$/.test(value) || /^[a-z0-9.-]+(:\d{1,5})?$/i.test(value),
    'Enter an IP address such as 192.168.1.50.',
  ),
  type: z.enum(PRINTER_TYPES, { error: 'Printer type must be Receipt, Kitchen or Label.' }),
  connection: z.enum(PRINTER_CONNECTIONS, { error: 'Connection must be network, USB, serial or the browser.' }),
  paperWidth: z.enum(PAPER_WIDTHS, { error: 'Paper width must be 58 or 80 mm.' }),
  /** A Kitchen printer's station (Settings → Kitchen); empty prints every station's tickets. */
  station: text(40, 'Station'),
  /** A cash drawer is wired to this Receipt printer: a cash sale and "Open drawer" pulse it. */
  drawer: flag('Cash drawer'),
});

export const printerSchema = printerFields.superRefine((printer, ctx) => {
  if (printer.connection === 'network' && printer.ip === '') ctx.addIssue({ code: 'custom', path: ['ip'], message: 'A network printer needs its IP address.' });
  const port = Number(printer.ip.split(':')[1] ?? DEFAULT_PRINTER_PORT);
  if (port < 1 || port > 65535) ctx.addIssue({ code: 'custom', path: ['ip'], message: 'The port must be from 1 to 65535.' });
});
export type Printer = z.infer<typeof printerSchema>;

export const printerSettingsSchema = z
  .object({
    default: z.string().nullable(),
    list: z.array(printerSchema, { error: 'Printers must be a list.' }).max(20, 'At most 20 printers.'),
    /** The size of one barcode label, in millimetres, for Label printers and printed sheets. */
    label: z
      .object({
        width: z.number({ error: 'Label width must be a number.' }).int('Label width is whole millimetres.').min(20, 'Labels are 20 to 110 mm wide.').max(110, 'Labels are 20 to 110 mm wide.'),
        height: z.number({ error: 'Label height must be a number.' }).int('Label height is whole millimetres.').min(15, 'Labels are 15 to 100 mm high.').max(100, 'Labels are 15 to 100 mm high.'),
      }),
  })
  .refine((value) => value.default === null || value.list.some((printer) => printer.id === value.default), {
    message: 'The default printer must be one of the printers.',
    path: ['default'],
  });

export const receiptSettingsSchema = z.object({
  showLogo: flag('Show logo'),
  header: text(500, 'Header'),
  footer: text(500, 'Footer'),
  showQR: flag('Show QR'),
  /** Paper width of the receipt printer. */
  paperWidth: z.enum(PAPER_WIDTHS, { error: 'Paper width must be 58 or 80 mm.' }),
  /** The language thermal printers print the slip's words in (receipts and kitchen tickets). */
  language: z.enum(RECEIPT_LANGUAGES, { error: 'Receipt language must be English or Khmer.' }),
});

export const storeDaySchema = z
  .object({
    d: z.number().int().min(0, 'Weekday is 0 (Sunday) to 6.').max(6, 'Weekday is 0 (Sunday) to 6.'),
    open: clockTime,
    close: clockTime,
    closed: flag('Closed'),
  })
  .refine((day) => day.closed || day.open < day.close, { message: 'Closing time must be after opening time.', path: ['close'] });

export const hoursSettingsSchema = z.object({
  days: z
    .array(storeDaySchema)
    .length(7, 'Give the hours of all seven days.')
    .refine((days) => new Set(days.map((day) => day.d)).size === 7, 'Each weekday must appear once.'),
});

/** Tills and shifts (docs/decisions/0012-tills-shifts-and-the-journal.md). */
export const shiftSettingsSchema = z.object({
  /** A till sells only during an open shift, and a sale sent with a till_id needs that till's open shift. */
  required: flag('Require an open shift'),
  /** The cashier counts before seeing what the drawer should hold. */
  blindCount: flag('Blind count'),
  /** A count off by more than this (in dollars; riel at the shop's rate) needs a Manager's approval and a note. */
  maxDifference: money('Largest difference'),
});

/** Discounts given by hand at the till (docs/decisions/0013-modifiers-and-discounts.md). */
export const discountSettingsSchema = z.object({
  /** A discount taking off more than this percent of its line or order needs a Manager's approval. */
  maxPercent: percent('Largest discount without approval'),
});

/** Kitchen stations and which categories each makes (docs/decisions/0014-open-orders-and-the-kitchen.md). */
export const kitchenSettingsSchema = z
  .object({
    stations: z
      .array(text(40, 'Station name').min(1, 'Each station needs a name.'), { error: 'Stations must be a list.' })
      .max(10, 'At most 10 stations.'),
    /** A category's lines go to its station; a category not listed sends no ticket. */
    routes: z
      .array(z.object({ category_id: z.number({ error: 'Choose a category.' }).int().positive('Choose a category.'), station: text(40, 'Station') }), { error: 'Routes must be a list.' })
      .max(500),
  })
  .superRefine((kitchen, ctx) => {
    const names = new Set<string>();
    for (const station of kitchen.stations) {
      if (names.has(station.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['stations'], message: `The station ${station} is listed twice.` });
      names.add(station.toLowerCase());
    }
    const routed = new Set<number>();
    for (const route of kitchen.routes) {
      if (!kitchen.stations.includes(route.station)) ctx.addIssue({ code: 'custom', path: ['routes'], message: `${route.station} is not one of the stations.` });
      if (routed.has(route.category_id)) ctx.addIssue({ code: 'custom', path: ['routes'], message: 'A category goes to one station.' });
      routed.add(route.category_id);
    }
  });

export const settingsSchema = z.object({
  general: generalSettingsSchema,
  localization: localizationSettingsSchema,
  taxes: taxSettingsSchema,
  service: serviceSettingsSchema,
  payments: paymentSettingsSchema,
  khqr: khqrSettingsSchema,
  printers: printerSettingsSchema,
  receipts: receiptSettingsSchema,
  hours: hoursSettingsSchema,
  shifts: shiftSettingsSchema,
  discounts: discountSettingsSchema,
  kitchen: kitchenSettingsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof Settings;

export const SETTINGS_SECTIONS = ['general', 'localization', 'taxes', 'service', 'payments', 'khqr', 'printers', 'receipts', 'hours', 'shifts', 'discounts', 'kitchen'] as const satisfies readonly SettingsSection[];

export const settingsSectionParamsSchema = z.object({
  section: z.enum(SETTINGS_SECTIONS, { error: `The section must be one of ${SETTINGS_SECTIONS.join(', ')}.` }),
});

// The defaults live apart from the schemas so the console's first load can have them without zod.
export { DEFAULT_SETTINGS } from './settings-defaults';

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved',
} as const;
