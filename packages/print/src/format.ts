import type { Settings } from '@shop/contracts/settings';
import { moneyFormatFor, zoneParts } from '@shop/contracts/shop-format';

/*
 * Money and times as a slip prints them: the shop's currency and number format, riel whole with
 * its sign, times in the shop's time zone (a slip printed by the server must not use the
 * server's zone).
 */

type Localization = Pick<Settings['localization'], 'currency' | 'locale' | 'timezone'>;

export type SlipFormat = {
  money: (amount: number) => string;
  riel: (riel: number) => string;
  /** `YYYY-MM-DD HH:MM` in the shop's zone. */
  dateTime: (instant: string) => string;
  time: (instant: string) => string;
};

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function slipFormat(localization: Localization): SlipFormat {
  const money = moneyFormatFor(localization);
  const parts = (instant: string) => zoneParts(instant, localization.timezone);
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
