import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  primary: 'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400',
  secondary:
    'border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
} as const;

const SIZES = {
  /** Done on a ticket: a thumb's press from arm's length. */
  lg: 'h-14 gap-2 px-5 text-lg [&_svg]:size-6',
  /** The board's and the recall list's buttons, 44 px and more on any screen. */
  md: 'h-11 gap-2 px-4 text-base [&_svg]:size-5',
} as const;

/** The kitchen's buttons: larger than the console's, on every screen, since they are pressed standing. */
export function BigButton({ tone = 'primary', size = 'md', className, type, ...props }: ComponentProps<'button'> & { tone?: keyof typeof TONES; size?: keyof typeof SIZES }) {
  return (
    <button
      type={type ?? 'button'}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-semibold whitespace-nowrap transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:pointer-events-none disabled:opacity-60',
        TONES[tone],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
