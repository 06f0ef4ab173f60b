import { ShoppingBag } from 'lucide-react';
import { cn } from '@/lib/cn';

const TONES = {
  solid: 'bg-linear-to-br from-indigo-500 to-violet-600 shadow-sm',
  glass: 'bg-white/15 ring-1 ring-white/25',
} as const;

export function BrandMark({ tone = 'solid', className }: { tone?: keyof typeof TONES; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-xl text-white', TONES[tone], className)}
    >
      <ShoppingBag className="size-5" />
    </span>
  );
}
