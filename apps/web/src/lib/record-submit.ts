import type { FormSubmit, SaveHandlers } from './use-schema-form';

/** Whether a form dialog's save added a record or changed one: the list moves differently after each. */
export type SaveMode = 'created' | 'updated';

/** What a list gives the dialog that adds or edits one of its records. */
export type RecordDialogProps<Row> = {
  open: boolean;
  /** The record to edit; `null` to add one. */
  record: Row | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: Row, mode: SaveMode) => void;
};

type Mutation<Variables, Saved> = { isPending: boolean; mutate: (variables: Variables, handlers: SaveHandlers<Saved>) => void };

type RecordSubmitOptions<Input, Saved> = {
  create: Mutation<Input, Saved>;
  update: Mutation<{ id: number; input: Input }, Saved>;
  /** The success toasts, and the failure toast's text: one for both, or one for each. */
  texts: { created: (saved: Saved) => string; updated: (saved: Saved) => string; failed: string | Record<SaveMode, string> };
  onSaved: (saved: Saved, mode: SaveMode) => void;
};

export type RecordSubmit<Input, Saved> = FormSubmit<Input, Saved> & { saving: boolean };

/**
 * The submit of a dialog that adds a record, or edits `record`: the create or the update call,
 * the screen's toasts for it, and `onSaved` with the mode. `saving` keeps the dialog open.
 */
export function recordSubmit<Input, Saved>(
  record: { id: number } | null,
  { create, update, texts, onSaved }: RecordSubmitOptions<Input, Saved>,
): RecordSubmit<Input, Saved> {
  const mode: SaveMode = record ? 'updated' : 'created';
  return {
    saving: create.isPending || update.isPending,
    save: (input, handlers) => (record ? update.mutate({ id: record.id, input }, handlers) : create.mutate(input, handlers)),
    successToast: texts[mode],
    failureToast: typeof texts.failed === 'string' ? texts.failed : texts.failed[mode],
    onSaved: (saved) => onSaved(saved, mode),
  };
}
