import { useEffect, useState } from 'react';

/** A ticket waiting this many minutes turns amber… */
export const AMBER_AFTER_MINUTES = 5;
/** …and this many, red. */
export const RED_AFTER_MINUTES = 10;
/** How often the cards' waiting times are worked out again. */
export const AGE_TICK_MS = 5_000;

export type AgeTone = 'fresh' | 'waiting' | 'late';

/** Whole minutes since an instant (never below zero: a till's clock may run a little ahead). */
export function minutesSince(instant: string, now: number): number {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? 0 : Math.max(0, Math.floor((now - time) / 60_000));
}

export function ageTone(minutes: number): AgeTone {
  if (minutes >= RED_AFTER_MINUTES) return 'late';
  if (minutes >= AMBER_AFTER_MINUTES) return 'waiting';
  return 'fresh';
}

/** The current time, moved on every `tickMs`, so waiting times count up on their own. */
export function useNow(tickMs = AGE_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
