import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

type TillKeys = {
  /** The product search box, where a barcode scanner types. */
  scanBox: RefObject<HTMLInputElement | null>;
  /** Off while a dialog of the till is open: it has its own keys. */
  enabled: boolean;
  onPay: () => void;
  onClear: () => void;
  /** + and −: one more or one less of the selected cart line. */
  onStep: (delta: 1 | -1) => void;
  /** Arrow up and down: select the previous or next cart line. */
  onMove: (delta: 1 | -1) => void;
};

const NOT_TEXT = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** Somewhere the cashier types words or numbers, where keys must keep their usual meaning. */
function isTextField(element: HTMLElement): boolean {
  if (element instanceof HTMLInputElement) return !NOT_TEXT.has(element.type);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement || element.isContentEditable;
}

/**
 * The till's keyboard: F2 or Ctrl+Enter pays, F4 or Ctrl+Backspace clears, + and − change the
 * selected line, arrows select a line. F2, F4 and Ctrl+Enter work in every field of the till;
 * the other keys stay quiet in text fields (customer search, service charge), and in the scan
 * box where the key is part of a code (Ctrl+Backspace deletes a word there, − may be in a SKU)
 * unless the box is empty. A character typed while no field has
 * focus moves focus to the scan box first, so a scanner is never typed into nothing.
 */
export function useTillKeys(keys: TillKeys) {
  const latest = useRef(keys);
  // Kept current as the screen commits, not after it paints: a key pressed the moment a dialog
  // opens or closes must see the till as it now is (a passive effect could still be pending).
  useLayoutEffect(() => {
    latest.current = keys;
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const { scanBox, enabled, onPay, onClear, onStep, onMove } = latest.current;
      if (!enabled || event.defaultPrevented || event.isComposing) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      // Menus, pickers and other dialogs (the sidebar drawer) own their keys.
      if (target?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) return;
      const scan = scanBox.current;
      const inScan = target !== null && target === scan;
      const ctrl = event.ctrlKey || event.metaKey;
      const inField = target !== null && !inScan && isTextField(target);
      // The till's shortcuts work from every field: function keys and Ctrl+Enter type nothing.
      // Ctrl+Backspace deletes a word in a field, so it only clears the cart from an empty one.
      const fieldEmpty = !(target && 'value' in target && target.value);
      if (event.key === 'F2' || (ctrl && event.key === 'Enter')) onPay();
      else if (event.key === 'F4' || (ctrl && event.key === 'Backspace' && (!(inScan || inField) || fieldEmpty))) onClear();
      else if (inField || ctrl || event.altKey) return;
      else if ((event.key === '+' || event.key === '-') && (!inScan || fieldEmpty)) onStep(event.key === '+' ? 1 : -1);
      else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') onMove(event.key === 'ArrowUp' ? -1 : 1);
      else {
        // Not prevented: the character itself lands in the scan box that now has focus.
        if (!inScan && scan && event.key.length === 1 && event.key !== ' ' && event.key !== '/') scan.focus({ preventScroll: true });
        return;
      }
      event.preventDefault();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
