import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
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
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The message under the control `id`, read out with it (see invalidProps); nothing without one. */
export function FieldError({ id, error, className }: { id: string; error: string | undefined; className?: string }) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(id)} className={cn('text-sm text-red-600 dark:text-red-400', className)}>
      {error}
    </p>
  );
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** The invalid-state attributes for a FormField's control. */
export function invalidProps(id: string, error: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id) } : {};
}
