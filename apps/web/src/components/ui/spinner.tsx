import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400', className)}>
      <LoaderCircle aria-hidden className="size-4 animate-spin" />
      {label}
    </span>
  );
}
