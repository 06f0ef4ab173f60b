import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that stays the same across renders and always calls the latest `fn`: handed to a
 * memoised child, it does not make the child draw again when the parent does.
 */
export function useStableCallback<Args extends unknown[], Result>(fn: (...args: Args) => Result): (...args: Args) => Result {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
