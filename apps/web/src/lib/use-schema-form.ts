import type { FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, type DefaultValues, type FieldValues, type Path, type RegisterOptions, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { failureText } from './error-text';
import { applyServerFieldErrors } from './form-errors';

/** How a save reports back when it does not return a promise (a mutation's `mutate` takes these). */
export type SaveHandlers<Saved> = { onSuccess: (saved: Saved) => void; onError: (error: unknown) => void };

/** What a form's submit does once its schema has passed: the call, and the screen's toasts. */
export type FormSubmit<Values, Saved> = {
  /**
   * Sends the values: either calls the handlers (`mutation.mutate`, whose callbacks are skipped
   * once the screen has gone) or returns a promise of the saved record (the form counts as
   * submitting until it settles).
   */
  save: (values: Values, handlers: SaveHandlers<Saved>) => void | Promise<Saved>;
  /** What a success does besides the toast: close the dialog, move the list… */
  onSaved?: (saved: Saved) => void;
  /** The success toast. */
  successToast?: (saved: Saved) => string;
  /** The failure toast's own text ("Save failed"); the server's reason is added to it. None unless given. */
  failureToast?: string;
  /** No failure toast when the server's messages went onto fields: they say it there. */
  quietFieldErrors?: boolean;
  /**
   * A refusal the form shows its own way, once the field messages are placed (`onFields` says
   * whether any was). Returns true when no failure toast should follow.
   */
  onRefused?: (error: unknown, context: { onFields: boolean; setError: UseFormSetError<FieldValues> }) => boolean;
};

type SchemaFormOptions<Input extends FieldValues, Output, Saved> = FormSubmit<Output, Saved> & {
  defaultValues: DefaultValues<Input>;
  /**
   * The fields that take the server's messages (a 422 names them), in the order focus looks for
   * the first; the schema's own keys unless told (a form of lists names every path it holds).
   */
  serverFields?: (values: Input) => readonly string[];
  /** A form that stays on screen after a save starts again from what was saved (no unsaved changes). */
  resetTo?: (saved: Saved) => Input;
};

/**
 * The console's forms: react-hook-form checked by the zod schema the server also uses;
 * on submit the save, the success toast, and on a refusal the server's messages on the fields
 * they name and the failure toast (nothing for an aborted call or a 401).
 */
export function useSchemaForm<Input extends FieldValues, Output extends FieldValues, Saved>(
  schema: z.ZodType<Output, Input>,
  { defaultValues, serverFields, resetTo, ...submit }: SchemaFormOptions<Input, Output, Saved>,
) {
  const { t } = useTranslation();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  // Read while rendering, so the form re-renders when a message comes or goes.
  const { errors } = form.formState;

  const handlers: SaveHandlers<Saved> = {
    onSuccess: (saved) => {
      if (resetTo) form.reset(resetTo(saved));
      submit.onSaved?.(saved);
      if (submit.successToast) toast.success(submit.successToast(saved));
    },
    onError: (error) => {
      const fields = serverFields ? serverFields(form.getValues()) : schemaKeys(schema);
      const onFields = applyServerFieldErrors(error, form.setError, fields as readonly Path<Input>[]);
      if (onFields && submit.quietFieldErrors) return;
      if (submit.onRefused?.(error, { onFields, setError: form.setError as UseFormSetError<FieldValues> })) return;
      const message = submit.failureToast === undefined ? null : failureText(error, submit.failureToast, t);
      if (message) toast.error(message);
    },
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const saving = submit.save(values, handlers);
    if (!saving) return;
    try {
      handlers.onSuccess(await saving);
    } catch (error) {
      handlers.onError(error);
    }
  });

  /** The translated message on a field, or on a whole list (`methods`), if there is one. */
  function fieldError(name: Path<Input>): string | undefined {
    const message = messageOf(get(errors, name)) ?? messageOf(get(errors, `${name}.root`));
    return message ? t(message) : undefined;
  }

  /** A control bound to field `name` under the element id `id`, for TextField, SelectField and the like. */
  function field(name: Path<Input>, id: string, options?: RegisterOptions<Input, Path<Input>>) {
    return { id, error: fieldError(name), registration: form.register(name, options) };
  }

  return { ...form, submit: (event?: FormEvent) => void onSubmit(event), fieldError, field };
}

function schemaKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  return typeof error.message === 'string' && error.message ? error.message : undefined;
}
