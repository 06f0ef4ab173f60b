import type { Settings } from '@shop/contracts/settings';

/*
 * Money and times as a slip prints them: the shop's currency and number format, riel whole with
 * its sign, times in the shop's time zone (a slip printed by the server must not use the
 * server's zone).
 */

type Localization = Pick<Settings['localization'], 'currency' | 'locale' | 'timezone'>;

/** Riel has no coins in use, so it shows no fraction; the others show cents. */
export const FRACTION_DIGITS: Record<Settings['localization']['currency'], number> = { USD: 2, EUR: 2, KHR: 0, THB: 2, VND: 0 };

export type SlipFormat = {
  money: (amount: number) => string;
  riel: (riel: number) => string;
  /** `YYYY-MM-DD HH:MM` in the shop's zone. */
  dateTime: (instant: string) => string;
  time: (instant: string) => string;
};

export function slipFormat(localization: Localization): SlipFormat {
  const digits = FRACTION_DIGITS[localization.currency];
  const money = new Intl.NumberFormat(localization.locale, {
    style: 'currency',
    currency: localization.currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const clock = new Intl.DateTimeFormat('en-CA', {
    timeZone: localization.timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = (instant: string) => {
    const date = new Date(instant);
    if (Number.isNaN(date.getTime())) return null;
    return Object.fromEntries(clock.formatToParts(date).map((part) => [part.type, part.value]));
  };
  return {
    money: (amount) => money.format(Number.isFinite(amount) ? amount : 0),
    riel: (riel) => `៛${whole.format(Number.isFinite(riel) ? riel : 0)}`,
    dateTime: (instant) => {
      const p = parts(instant);
      return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '';
    },
    time: (instant) => {
      const p = parts(instant);
      return p ? `${p.hour}:${p.minute}` : '';
    },
  };
}
