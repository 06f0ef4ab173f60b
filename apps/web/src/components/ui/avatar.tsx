import { UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;

/** Initials on a coloured disc; a person icon when there is nothing to take initials from. */
export function Avatar({ initials, size = 'sm', className }: { initials: string; size?: keyof typeof SIZES; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-linear-to-br from-indigo-500 to-violet-600 font-semibold text-white',
        SIZES[size],
        className,
      )}
    >
      {initials || <UserRound className="size-1/2" />}
    </span>
  );
}
