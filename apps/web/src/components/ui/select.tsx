import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A native select with the console's look (for short lists; long ones use Combobox). */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'block h-10 w-full pointer-coarse:h-11 appearance-none rounded-lg border border-slate-300 bg-white pr-9 pl-3 text-sm text-slate-900 shadow-xs',
          'focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none',
          'aria-[invalid=true]:border-red-500 disabled:cursor-not-allowed disabled:opacity-60',
          'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
        )}
        {...props}
      />
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400" />
    </div>
  );
}
