import type { Settings } from './settings';

/*
 * Money and clock times as the shop reads them, the same on the console's screens and on the
 * slips the server prints: the shop's currency and locale, times in the shop's time zone
 * (never the browser's or the server's).
 */

type Localization = Pick<Settings['localization'], 'currency' | 'locale'>;

/** Riel has no coins in use, so it shows no fraction; the others show cents. */
const FRACTION_DIGITS: Record<Localization['currency'], number> = { USD: 2, EUR: 2, KHR: 0, THB: 2, VND: 0 };

export function moneyFormatFor({ currency, locale }: Localization): Intl.NumberFormat {
  const digits = FRACTION_DIGITS[currency];
  return new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: digits });
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** An instant's year, month, day, hour and minute (two digits each) in a time zone; null for a date that cannot be read. */
export function zoneParts(instant: string, timeZone: string): Record<string, string> | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(zoneFormat(timeZone).formatToParts(date).map((part) => [part.type, part.value]));
}
