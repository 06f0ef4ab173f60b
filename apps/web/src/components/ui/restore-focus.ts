import { useRef } from 'react';

/**
 * Radix returns focus to a dialog's Trigger when it closes; the console opens dialogs from
 * state instead (row buttons, routes), so this remembers what had focus when the dialog opened
 * and gives it back on close, when it is still on the page and enabled; else to `fallback`'s answer.
 */
export function useRestoreFocus(fallback?: () => HTMLElement | null) {
  const previous = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore: (event: Event) => {
      const remembered = previous.current;
      previous.current = null;
      // What opened it may be gone or unable to take focus now (Pay, once the sale empties the cart).
      const usable = remembered?.isConnected && remembered !== document.body && !remembered.matches(':disabled');
      const element = usable ? remembered : fallback?.();
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
