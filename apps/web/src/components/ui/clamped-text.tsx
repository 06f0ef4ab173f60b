import { useEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '@/lib/cn';

type ClampedTextProps = {
  text: string;
  /** Lines shown at most (default 2). */
  lines?: 2 | 3;
  className?: string;
};

const LINES = { 2: 'line-clamp-2', 3: 'line-clamp-3' } as const;

/**
 * Long free text in a table cell (a name, a company, a description): it wraps, anywhere if a
 * word is too long, and shows at most two lines. When it is cut, its full text is the tooltip
 * on hover, and the text takes the keyboard focus and opens out whole while it has it; screen
 * readers always read all of it.
 */
export function ClampedText({ text, lines = 2, className }: ClampedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const cut = useIsCut(ref, text);
  return (
    <span
      ref={ref}
      title={cut ? text : undefined}
      tabIndex={cut ? 0 : undefined}
      data-cut={cut ? '' : undefined}
      className={cn(
        'min-w-24 whitespace-normal [overflow-wrap:anywhere]',
        LINES[lines],
        cut && 'rounded-sm focus:line-clamp-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
        className,
      )}
    >
      {text}
    </span>
  );
}

/** Whether the element's text is taller than the lines it shows, kept up to date as it resizes. */
function useIsCut(ref: RefObject<HTMLElement | null>, text: string): boolean {
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // While it has the focus the text shows whole; measuring then would take its focus away.
    const measure = () => {
      if (document.activeElement !== element) setCut(element.scrollHeight > element.clientHeight + 1);
    };
    measure();
    element.addEventListener('blur', measure);
    if (typeof ResizeObserver === 'undefined') return () => element.removeEventListener('blur', measure);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.removeEventListener('blur', measure);
    };
  }, [ref, text]);
  return cut;
}
