import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '@/lib/cn';
import { Input } from './input';
import { Label } from './label';
import { Select } from './select';
import { Textarea } from './textarea';

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

/** A form's control bound to one field (useSchemaForm's `field`): its id, its message, and how the form reads it. */
export type BoundField = { id: string; error: string | undefined; registration: UseFormRegisterReturn };

type FieldFrame = { label: string; labelAside?: ReactNode; field: BoundField };

/** The wiring every bound control gets: its id, the invalid state read out with its message, and the form's handlers. */
const bind = ({ id, error, registration }: BoundField) => ({ id, ...invalidProps(id, error), ...registration });

/** A labelled text-like input bound to a form field; other props go to the input (type, inputMode, min…). */
export function TextField({ label, labelAside, field, ...input }: FieldFrame & Omit<ComponentProps<'input'>, 'id' | 'name'>) {
  return (
    <FormField id={field.id} label={label} error={field.error} labelAside={labelAside}>
      <Input {...input} {...bind(field)} />
    </FormField>
  );
}

export function TextareaField({ label, labelAside, field, ...textarea }: FieldFrame & Omit<ComponentProps<'textarea'>, 'id' | 'name'>) {
  return (
    <FormField id={field.id} label={label} error={field.error} labelAside={labelAside}>
      <Textarea {...textarea} {...bind(field)} />
    </FormField>
  );
}

/** A labelled select bound to a form field; its options are the children. */
export function SelectField({ label, labelAside, field, ...select }: FieldFrame & Omit<ComponentProps<'select'>, 'id' | 'name'>) {
  return (
    <FormField id={field.id} label={label} error={field.error} labelAside={labelAside}>
      <Select {...select} {...bind(field)} />
    </FormField>
  );
}
