import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatMoneyAs, formatRiel, formatTimeOfDay, setMoneyFormat, shopToday } from './format';

describe('formatMoney', () => {
  it("shows dollars with '$' and two decimals", () => {
    expect(formatMoney(3.5)).toBe('$3.50');
    expect(formatMoney(1234.567)).toBe('$1,234.57');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('follows the shop currency, riel with no decimals', () => {
    setMoneyFormat({ currency: 'KHR', locale: 'en-US' });
    try {
      expect(formatMoney(4100)).toBe('៛4,100');
    } finally {
      setMoneyFormat({ currency: 'USD', locale: 'en-US' });
    }
    expect(formatMoney(2)).toBe('$2.00');
    expect(formatRiel(12000)).toBe('៛12,000');
  });
});

describe('formatMoneyAs', () => {
  it('formats in the given currency without changing the console-wide one', () => {
    expect(formatMoneyAs(1234.5, { currency: 'KHR', locale: 'en-US' })).toBe('៛1,235');
    expect(formatMoneyAs(1234.5, { currency: 'EUR', locale: 'en-US' })).toBe('€1,234.50');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});

describe('formatDate', () => {
  it('keeps a calendar date as written, whatever the time zone', () => {
    expect(formatDate('2025-03-09')).toBe('2025-03-09');
    expect(formatDate('2025-03-09T23:30:00Z')).toBe('2025-03-09');
  });

  it('formats Date objects as YYYY-MM-DD and leaves empty values empty', () => {
    expect(formatDate(new Date(2024, 0, 5))).toBe('2024-01-05');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatTimeOfDay and formatDateTime', () => {
  it("shows the hour and minute in the shop's time zone, 24-hour", () => {
    expect(formatTimeOfDay('2026-11-21T03:05:00.000Z', 'Asia/Phnom_Penh')).toBe('10:05');
    expect(formatTimeOfDay('2026-11-21T17:30:00.000Z', 'Asia/Phnom_Penh')).toBe('00:30');
    expect(formatTimeOfDay('not a date', 'Asia/Phnom_Penh')).toBe('');
  });

  it("dates an instant by the shop's calendar, not UTC's", () => {
    expect(formatDateTime('2026-11-22T21:33:00.000Z', 'Asia/Phnom_Penh')).toBe('2026-11-23 04:33');
    expect(formatDateTime('2026-11-22T21:33:00.000Z', 'Asia/Bangkok')).toBe('2026-11-23 04:33');
    expect(formatDateTime('', 'Asia/Phnom_Penh')).toBe('');
  });
});

describe('shopToday', () => {
  it("is the calendar date in the shop's time zone", () => {
    // 20:30 UTC on 9 March is already 10 March in Phnom Penh (UTC+7).
    expect(shopToday(new Date('2025-03-09T20:30:00Z'))).toBe('2025-03-10');
    expect(shopToday(new Date('2025-03-09T16:59:00Z'))).toBe('2025-03-09');
    expect(shopToday(new Date('2025-03-09T20:30:00Z'), 'America/New_York')).toBe('2025-03-09');
  });
});
