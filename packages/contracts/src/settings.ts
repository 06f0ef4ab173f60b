import { z } from 'zod';
import { percent } from './money';

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
  /** Riel per US dollar, for cash tendered in riel and change given in riel. */
  khrPerUsd: z
    .number({ error: 'Riel per dollar must be a number.' })
    .int('Riel per dollar must be a whole number.')
    .min(1000, 'Riel per dollar must be between 1000 and 10000.')
    .max(10000, 'Riel per dollar must be between 1000 and 10000.'),
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
});

export const paymentMethodSchema = z.object({
  key: z
    .string({ error: 'Each method needs a key.' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A key is lower-case letters, digits and dashes.'),
  label: text(40, 'Label').min(1, 'Each payment method needs a label.'),
  enabled: flag('Enabled'),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentSettingsSchema = z.object({
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

export const printerSchema = z.object({
  id: z.string({ error: 'Each printer needs an id.' }).trim().min(1, 'Each printer needs an id.').max(60, 'Printer id is too long.'),
  name: text(80, 'Printer name').min(1, 'Each printer needs a name.'),
  ip: text(60, 'IP address').refine(
    (value) => value === '' || /^(\d{1,3}\.){3}\d{1,3}(:\d{1,5})?$/.test(value) || /^[a-z0-9.-]+(:\d{1,5})?$/i.test(value),
    'Enter an IP address such as 192.168.1.50.',
  ),
  type: z.enum(PRINTER_TYPES, { error: 'Printer type must be Receipt, Kitchen or Label.' }),
});
export type Printer = z.infer<typeof printerSchema>;

export const printerSettingsSchema = z
  .object({
    default: z.string().nullable(),
    list: z.array(printerSchema, { error: 'Printers must be a list.' }).max(20, 'At most 20 printers.'),
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
  paperWidth: z.enum(['58', '80'], { error: 'Paper width must be 58 or 80 mm.' }),
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

export const settingsSchema = z.object({
  general: generalSettingsSchema,
  localization: localizationSettingsSchema,
  taxes: taxSettingsSchema,
  service: serviceSettingsSchema,
  payments: paymentSettingsSchema,
  printers: printerSettingsSchema,
  receipts: receiptSettingsSchema,
  hours: hoursSettingsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsSection = keyof Settings;

export const SETTINGS_SECTIONS = ['general', 'localization', 'taxes', 'service', 'payments', 'printers', 'receipts', 'hours'] as const satisfies readonly SettingsSection[];

export const settingsSectionParamsSchema = z.object({
  section: z.enum(SETTINGS_SECTIONS, { error: `The section must be one of ${SETTINGS_SECTIONS.join(', ')}.` }),
});

// The defaults live apart from the schemas so the console's first load can have them without zod.
export { DEFAULT_SETTINGS } from './settings-defaults';

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved',
} as const;
