import { cn } from '@/lib/cn';

/**
 * A key cap next to a button's text, e.g. F2 on Pay. Hidden from screen readers (the button's
 * aria-keyshortcuts says it) and on touch-only screens, where there is no key to press.
 */
export function KeyHint({ children, className }: { children: string; className?: string }) {
  return (
    <kbd
      aria-hidden
      className={cn(
        'rounded border px-1.5 py-px font-mono text-[11px] leading-4 font-medium pointer-coarse:hidden',
        className ?? 'border-slate-300 bg-slate-50 text-slate-500 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-400',
      )}
    >
      {children}
    </kbd>
  );
}
