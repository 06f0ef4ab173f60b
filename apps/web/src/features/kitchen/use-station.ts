import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/**
 * The station this screen shows: the one last chosen on this device while it still exists, else
 * the first of Settings → Kitchen. A tablet at the bar stays on Bar through reloads.
 */
export function useStation(stations: readonly string[]): [station: string | null, choose: (station: string) => void] {
  const [chosen, setChosen] = useState(() => readStorage(STORAGE_KEYS.kitchenStation));
  const station = chosen !== null && stations.includes(chosen) ? chosen : (stations[0] ?? null);
  function choose(next: string) {
    setChosen(next);
    writeStorage(STORAGE_KEYS.kitchenStation, next);
  }
  return [station, choose];
}
