import type { ComponentProps } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '@/lib/cn';

/** Radix DropdownMenu parts with the console's look; Root and Trigger are used from Radix directly. */
export function MenuContent({ className, sideOffset = 8, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 text-sm text-slate-700 shadow-lg',
          'dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-slate-400';

export function MenuItem({ className, tone = 'default', ...props }: ComponentProps<typeof DropdownMenu.Item> & { tone?: 'default' | 'danger' }) {
  return (
    <DropdownMenu.Item
      className={cn(
        itemClass,
        tone === 'danger' && 'text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-500/10 [&_svg]:text-current',
        className,
      )}
      {...props}
    />
  );
}

export function MenuRadioItem({ className, ...props }: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return <DropdownMenu.RadioItem className={cn(itemClass, className)} {...props} />;
}

export function MenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return (
    <DropdownMenu.Label
      className={cn('px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400', className)}
      {...props}
    />
  );
}

export function MenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={cn('my-1.5 h-px bg-slate-200 dark:bg-slate-800', className)} {...props} />;
}
