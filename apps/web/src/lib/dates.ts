/** A YYYY-MM-DD date moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const RELATIVE_STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/**
 * How long ago (or ahead) an instant is, in the reader's language: "5 minutes ago", "yesterday".
 * Under a minute reads "now", so a list refreshed every few seconds does not tick.
 */
export function formatRelativeTime(instant: string, locale: string, now: Date = new Date()): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let amount = (time - now.getTime()) / 1000;
  if (Math.abs(amount) < 60) return format.format(0, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
