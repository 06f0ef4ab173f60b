import type { Settings } from '@shop/contracts/settings';
import { moneyFormatFor, zoneParts } from '@shop/contracts/shop-format';

type Localization = Pick<Settings['localization'], 'currency' | 'locale'>;

let current: Localization = { currency: 'USD', locale: 'en-US' };
let moneyFormat = moneyFormatFor(current);

/** Follows the shop's Localization settings (the app layout calls it when they load or change). */
export function setMoneyFormat(localization: Localization): void {
  if (localization.currency === current.currency && localization.locale === current.locale) return;
  current = { currency: localization.currency, locale: localization.locale };
  moneyFormat = moneyFormatFor(current);
}

/** Formats an amount as the API sends it (a decimal number), e.g. `$1,234.50`. */
export function formatMoney(amount: number): string {
  return moneyFormat.format(Number.isFinite(amount) ? amount : 0);
}

/** An amount in a currency other than the console's current one (e.g. a settings preview). */
export function formatMoneyAs(amount: number, localization: Localization): string {
  return moneyFormatFor(localization).format(Number.isFinite(amount) ? amount : 0);
}

const rielFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Riel as a till shows it beside dollars: `៛4,000`. */
export function formatRiel(riel: number): string {
  return `៛${rielFormat.format(Number.isFinite(riel) ? riel : 0)}`;
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}/;

/**
 * `YYYY-MM-DD`. Strings that already start with a calendar date keep it as written, so a
 * business date is never shifted by the browser's time zone; Date objects use local time.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const match = CALENDAR_DATE.exec(value);
    if (match) return match[0];
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * The clock time of an instant in the shop's time zone, `HH:MM` (24 h): a sale shows its
 * business date with this, so both read the same day and hour whatever the browser's zone.
 */
export function formatTimeOfDay(instant: string, timeZone: string): string {
  const parts = zoneParts(instant, timeZone);
  return parts ? `${parts.hour}:${parts.minute}` : '';
}

/** An instant as `YYYY-MM-DD HH:MM` in the shop's time zone (e.g. when a refund was recorded). */
export function formatDateTime(instant: string, timeZone: string): string {
  const parts = zoneParts(instant, timeZone);
  return parts ? `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}` : '';
}

/** A new shop's time zone; screens pass the shop's own, from Settings → Localization. */
export const SHOP_TIME_ZONE = 'Asia/Phnom_Penh';

/** Today's calendar date in the shop's time zone, `YYYY-MM-DD` (not the browser's, not UTC's). */
export function shopToday(now: Date = new Date(), timeZone: string = SHOP_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
