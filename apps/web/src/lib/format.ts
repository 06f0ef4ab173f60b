const moneyFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats an amount in dollars as the API sends it (a decimal number), e.g. `$1,234.50`. */
export function formatMoney(amount: number): string {
  return moneyFormat.format(Number.isFinite(amount) ? amount : 0);
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

/** The shop's time zone until shop settings carry one (DESIGN.md §3: default Asia/Phnom_Penh). */
export const SHOP_TIME_ZONE = 'Asia/Phnom_Penh';

/** Today's calendar date in the shop's time zone, `YYYY-MM-DD` (not the browser's, not UTC's). */
export function shopToday(now: Date = new Date(), timeZone: string = SHOP_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
