import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, shopToday } from './format';

describe('formatMoney', () => {
  it("shows dollars with '$' and two decimals", () => {
    expect(formatMoney(3.5)).toBe('$3.50');
    expect(formatMoney(1234.567)).toBe('$1,234.57');
    expect(formatMoney(0)).toBe('$0.00');
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

describe('shopToday', () => {
  it("is the calendar date in the shop's time zone", () => {
    // 20:30 UTC on 9 March is already 10 March in Phnom Penh (UTC+7).
    expect(shopToday(new Date('2025-03-09T20:30:00Z'))).toBe('2025-03-10');
    expect(shopToday(new Date('2025-03-09T16:59:00Z'))).toBe('2025-03-09');
    expect(shopToday(new Date('2025-03-09T20:30:00Z'), 'America/New_York')).toBe('2025-03-09');
  });
});
