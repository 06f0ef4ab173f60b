import type { ReactNode } from 'react';
import { Label } from './label';

/**
 * Label, control and error text. The control must carry `id={id}` and, when invalid,
 * `aria-invalid` and `aria-describedby={fieldErrorId(id)}` so the error is read out with it.
 */
export function FormField({
  id,
  label,
  error,
  labelAside,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  labelAside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={fieldErrorId(id)} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** The invalid-state attributes for a FormField's control. */
export function invalidProps(id: string, error: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};
}
