import type { ReactNode } from 'react';
import { Label } from './label';

/** One filter of a list's filter row: a small label over its control. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <Label htmlFor={id} className="text-xs text-slate-500 dark:text-slate-400">
        {label}
      </Label>
      {children}
    </div>
  );
}
