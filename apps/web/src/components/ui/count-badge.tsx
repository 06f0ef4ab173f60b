import { cn } from '@/lib/cn';

/** The most a badge spells out; more reads "9+" so the badge keeps its size. */
const MAX_SHOWN = 9;

export function countBadgeText(count: number): string {
  return count > MAX_SHOWN ? `${MAX_SHOWN}+` : String(count);
}

/**
 * A small red count (unread notifications). Nothing at zero. Hidden from screen readers: the
 * link or button it sits on says the number in its name.
 */
export function CountBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white tabular-nums ring-2 ring-white dark:ring-slate-900',
        className,
      )}
    >
      {countBadgeText(count)}
    </span>
  );
}
