import { useEffect, useState } from 'react';

/** The search debounce (docs/screens.md, "Every list"): asked of the server once typing pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, but only once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
