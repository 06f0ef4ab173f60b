import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const TONES = {
  default: 'text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
  danger: 'text-slate-500 hover:bg-red-50 hover:text-red-600 dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-400',
} as const;

/** `lg` is touch-sized (44 px) everywhere; `md` grows to it on a touch screen. */
const SIZES = { md: 'size-8 pointer-coarse:size-11', lg: 'size-11' } as const;

/** A small icon-only button for row actions; `label` is its accessible name and tooltip. */
export function IconButton({
  label,
  tone = 'default',
  size = 'md',
  className,
  ...props
}: Omit<ComponentProps<'button'>, 'aria-label'> & { label: string; tone?: keyof typeof TONES; size?: keyof typeof SIZES }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex items-center justify-center rounded-md transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4',
        SIZES[size],
        TONES[tone],
        className,
      )}
      {...props}
    />
  );
}
