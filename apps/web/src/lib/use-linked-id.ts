import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A record id that a link put in the address (`/customers?edit=12`, from the header search), and
 * a way to drop it once its dialog closes, so Back and a reload do not open it again.
 */
export function useLinkedId(name: string): [id: number | null, clear: () => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(name);
  const id = raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [id, clear];
}
