import type { ComponentProps } from 'react';
import { Checkbox } from './checkbox';
import { Label } from './label';

/** A checkbox with its label and a one-line hint under it (read out as its description). */
export function CheckField({ id, label, hint, ...props }: Omit<ComponentProps<typeof Checkbox>, 'id'> & { id: string; label: string; hint?: string }) {
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} aria-describedby={hint ? `${id}-hint` : undefined} className="mt-0.5" {...props} />
      <div className="min-w-0">
        <Label htmlFor={id}>{label}</Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
