/** The time zone of a new shop, and of a day computed before the settings can be read (Settings → Localization holds the shop's own). */
export const DEFAULT_TIME_ZONE = 'Asia/Phnom_Penh';

// Building a DateTimeFormat costs far more than formatting with one, and a sale asks several times.
const formats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in the shop's time zone, as YYYY-MM-DD. */
export function businessDate(instant: Date, timeZone = DEFAULT_TIME_ZONE): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, format);
  }
  return format.format(instant);
}

/** Whole days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
