import { useCallback, useState } from 'react';

/** The 'Saving…' indicator (docs/screens.md, "Profile") stays up at least this long, even on a fast answer. */
export const MIN_SAVING_MS = 300;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Saving = { saving: boolean; run: <T>(save: () => Promise<T>) => Promise<T> };

/**
 * Runs a save with `saving` true for as long as it runs and at least MIN_SAVING_MS, so the
 * indicator never flashes by unread. The save's own result or error comes back unchanged.
 */
export function useSaving(): Saving {
  const [saving, setSaving] = useState(false);
  const run = useCallback(async <T,>(save: () => Promise<T>): Promise<T> => {
    setSaving(true);
    try {
      const [result] = await Promise.allSettled([save(), wait(MIN_SAVING_MS)]);
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    } finally {
      setSaving(false);
    }
  }, []);
  return { saving, run };
}
