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
