import { useMemo } from 'react';
import { useTills, useCurrentShift } from '@/components/shift-report/shifts-api';
import { useShopSettings } from '@/lib/shop-settings';
import { setTillId, useTillId } from '@/lib/till';

/**
 * This browser's till and its shift, as the till screen needs them: the tills to pick from, the
 * till set here (if it still exists and is active), the shift open at it, and whether selling
 * waits for a shift (Settings → Shifts → "Require an open shift").
 */
export function useTillShift() {
  const { settings } = useShopSettings();
  const storedId = useTillId();
  const tills = useTills();
  // The same array while the tills are unchanged: the till's shift bar is drawn again only when they change.
  const active = useMemo(() => (tills.data ?? []).filter((till) => till.active), [tills.data]);
  const till = active.find((candidate) => candidate.id === storedId) ?? null;
  const current = useCurrentShift(till?.id ?? null);
  const shift = till ? (current.data ?? null) : null;
  const hasTills = active.length > 0;
  return {
    tills: active,
    tillsQuery: tills,
    till,
    /** The shop has tills and this browser is set to none of them (or to one gone or switched off). */
    needsTill: tills.isSuccess && hasTills && till === null,
    /** The shop has no till at all: the till sells as it always did. */
    noTills: tills.isSuccess && !hasTills,
    shiftQuery: current,
    shift,
    /** Selling waits for a shift at this till: the setting is on and none is open (known, not loading). */
    needsShift: till !== null && settings.shifts.required && current.isSuccess && current.data === null,
    setTill: (id: number) => setTillId(id),
  };
}

export type TillShift = ReturnType<typeof useTillShift>;
