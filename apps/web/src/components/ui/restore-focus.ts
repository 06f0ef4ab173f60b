import { useRef } from 'react';

/**
 * Radix returns focus to a dialog's Trigger when it closes; the console opens dialogs from
 * state instead (row buttons, routes), so this remembers what had focus when the dialog opened
 * and gives it back on close, when it is still on the page.
 */
export function useRestoreFocus() {
  const previous = useRef<HTMLElement | null>(null);
  return {
    remember: () => {
      previous.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    restore: (event: Event) => {
      const element = previous.current;
      previous.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
