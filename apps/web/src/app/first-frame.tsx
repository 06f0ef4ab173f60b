import { useEffect } from 'react';

/**
 * Calls `onShown` once the first frame with this render is on screen: a task queued from the next
 * frame's callback runs after that frame is painted. Right away in a tab opened in the background.
 */
export function FirstFrame({ onShown }: { onShown: () => void }) {
  useEffect(() => {
    // A tab opened in the background draws no frame until it is shown: nothing to wait for.
    if (document.visibilityState === 'hidden') return onShown();
    const frame = requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => onShown();
      channel.port2.postMessage(null);
    });
    return () => cancelAnimationFrame(frame);
  }, [onShown]);
  return null;
}
