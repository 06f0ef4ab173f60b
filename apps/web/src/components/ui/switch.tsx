import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** An on/off switch: a native checkbox (so forms register it like one) drawn as a toggle. */
export function Switch({ className, ...props }: Omit<ComponentProps<'input'>, 'type' | 'role'>) {
  return (
    <span className={cn('relative inline-flex h-5 w-9 shrink-0 items-center', className)}>
      <input
        type="checkbox"
        role="switch"
        className={cn(
          'peer absolute inset-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-indigo-600',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
          'disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-700 dark:checked:bg-indigo-500',
        )}
        {...props}
      />
      <span
        aria-hidden
        className="pointer-events-none absolute left-0.5 size-4 rounded-full bg-white shadow-sm transition-transform peer-checked:translate-x-4"
      />
    </span>
  );
}
