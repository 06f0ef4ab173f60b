import { useSearchParams } from 'react-router';

/**
 * The open tab of a tabbed screen, kept in the address (`?tab=`) so a reload or a shared link
 * opens the same one; an unknown value falls back to the first tab. Switching replaces the
 * history entry: Back leaves the screen rather than stepping through its tabs.
 */
export function useTabParam<T extends string>(tabs: readonly T[], fallback: T): [T, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const param = params.get('tab');
  const tab = tabs.find((value) => value === param) ?? fallback;

  function selectTab(value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  }

  return [tab, selectTab];
}
