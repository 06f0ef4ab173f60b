import { cn } from '@/lib/cn';

type StatusPillProps = {
  checked: boolean;
  onText: string;
  offText: string;
  /** Omit for a read-only pill (a user who may not change it). */
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** The switch's accessible name, e.g. "Active: Latte". */
  label?: string;
};

const tone = (on: boolean) =>
  on
    ? 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/15 dark:text-emerald-300 dark:ring-emerald-400/30'
    : 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-400 dark:ring-slate-400/20';

/** An on/off pill: a switch (click or Space to flip) or, read-only, a plain badge. */
export function StatusPill({ checked, onText, offText, onCheckedChange, disabled, label }: StatusPillProps) {
  const content = (
    <>
      <span aria-hidden className={cn('size-1.5 rounded-full', checked ? 'bg-emerald-500' : 'bg-slate-400')} />
      {checked ? onText : offText}
    </>
  );
  const base = 'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset';

  if (!onCheckedChange) return <span className={cn(base, tone(checked))}>{content}</span>;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        base,
        tone(checked),
        'cursor-pointer transition-colors hover:ring-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-wait disabled:opacity-60',
      )}
    >
      {content}
    </button>
  );
}
