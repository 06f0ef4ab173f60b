import { describe, expect, it } from 'vitest';
import { addDays, formatRelativeTime } from './dates';

const NOW = new Date('2026-03-10T12:00:00Z');

describe('dates', () => {
  it('moves a calendar date by whole days across a month end', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
  });

  it('says how long ago an instant was, in the largest whole unit', () => {
    expect(formatRelativeTime('2026-03-10T11:59:30Z', 'en', NOW)).toBe('now');
    expect(formatRelativeTime('2026-03-10T11:55:00Z', 'en', NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', 'en', NOW)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-09T12:00:00Z', 'en', NOW)).toBe('yesterday');
    expect(formatRelativeTime('2026-02-17T12:00:00Z', 'en', NOW)).toBe('3 weeks ago');
    expect(formatRelativeTime('2026-01-29T12:00:00Z', 'en', NOW)).toBe('last month');
    expect(formatRelativeTime('not a date', 'en', NOW)).toBe('');
  });
});
