import { useSyncExternalStore } from 'react';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './storage';

/*
 * This browser's till: the cash drawer it sells at, kept in local storage (one browser, one till;
 * see docs/decisions/0012-tills-shifts-and-the-journal.md). Sales, refunds and settlements made
 * here carry it, so their cash lands in that till's open shift. Anyone sets it the first time;
 * a later change is a Manager's (`shifts:manage`), offered from the till's shift bar.
 */

/** The query key of GET /tills: here, with no schema behind it, so the shell's profile menu can read it without loading zod. */
export const tillKeys = { all: ['tills'] as const };

const listeners = new Set<() => void>();

/** The stored till id, or null when this browser has none (or what is stored is not an id). */
export function readTillId(): number | null {
  const stored = Number(readStorage(STORAGE_KEYS.till));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

/** Sets (or with null, forgets) this browser's till; every screen that shows it follows. */
export function setTillId(id: number | null): void {
  if (id === null) removeStorage(STORAGE_KEYS.till);
  else writeStorage(STORAGE_KEYS.till, String(id));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of this browser set the till: follow it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.till) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** This browser's till id, kept current when it is changed here or in another tab. */
export function useTillId(): number | null {
  return useSyncExternalStore(subscribe, readTillId, () => null);
}

/** The `till_id` a sale, refund or settlement sends: this browser's till, if it has one. */
export function tillField(): { till_id: number } | Record<string, never> {
  const id = readTillId();
  return id === null ? {} : { till_id: id };
}
