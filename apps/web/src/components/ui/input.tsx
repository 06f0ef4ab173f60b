import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * The look every text-like field shares (input, select, combobox, date field): frame, focus
 * ring, invalid and disabled states, dark theme, and 44 px on a touch screen. Each field adds
 * its own horizontal padding.
 */
export const FIELD_FRAME = cn(
  'block h-10 w-full pointer-coarse:h-11 rounded-lg border border-slate-300 bg-white text-sm text-slate-900 shadow-xs',
  'placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-500/30 focus:outline-none',
  'aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus:ring-red-500/30',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(FIELD_FRAME, 'px-3', className)} {...props} />;
}
