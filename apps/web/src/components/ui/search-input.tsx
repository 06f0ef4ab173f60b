import type { ComponentProps } from 'react';
import { Search } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/**
 * A list's search box; the placeholder names what it searches (and is its accessible name).
 * `className` replaces the default width cap (cn() does not merge conflicting utilities).
 */
export function SearchInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <div className={cn('relative w-full', className ?? 'sm:max-w-xs')}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
      <Input type="search" autoComplete="off" spellCheck={false} className="pl-9" {...props} />
    </div>
  );
}
