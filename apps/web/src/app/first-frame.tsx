import { useEffect } from 'react';
import { afterNextPaint } from '@/lib/after-paint';

/**
 * Calls `onShown` once the first frame with this render is on screen. Right away in a tab opened
 * in the background.
 */
export function FirstFrame({ onShown }: { onShown: () => void }) {
  useEffect(() => {
    // A tab opened in the background draws no frame until it is shown: nothing to wait for.
    if (document.visibilityState === 'hidden') return onShown();
    return afterNextPaint(onShown);
  }, [onShown]);
  return null;
}
