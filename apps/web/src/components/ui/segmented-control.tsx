import { cn } from '@/lib/cn';

type SegmentedControlProps<V extends string> = {
  /** The group's accessible name. */
  label: string;
  options: readonly (readonly [value: V, text: string])[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
  className?: string;
};

/** Two or more choices side by side, one pressed (aria-pressed buttons); 44 px on a touch screen. */
export function SegmentedControl<V extends string>({ label, options, value, onChange, disabled = false, className }: SegmentedControlProps<V>) {
  return (
    <div role="group" aria-label={label} className={cn('grid grid-flow-col gap-1 rounded-lg border border-slate-300 p-0.5 dark:border-slate-700', className)}>
      {options.map(([option, text]) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          disabled={disabled}
          onClick={() => onChange(option)}
          className={cn(
            'h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap pointer-coarse:h-11 disabled:opacity-60',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
            value === option ? 'bg-indigo-600 text-white dark:bg-indigo-500' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
