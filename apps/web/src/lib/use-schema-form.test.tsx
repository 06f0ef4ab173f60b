import { act, renderHook, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { useSchemaForm, type SaveHandlers } from './use-schema-form';

const schema = z.object({ name: z.string().min(1, 'Name is required.'), note: z.string() });
type Values = z.infer<typeof schema>;

const taken = new ApiError(409, 'That name is taken.', { serverMessage: 'That name is taken.', errors: { name: ['That name is taken.'] } });

describe('useSchemaForm', () => {
  // The toasts are watched, not replaced: the test files share one module graph (see vite.config.ts).
  beforeEach(() => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
  });

  it('checks the schema before saving', async () => {
    const save = vi.fn();
    const { result } = renderHook(() => useSchemaForm(schema, { defaultValues: { name: '', note: '' }, save, failureToast: 'Save failed' }));
    await act(() => result.current.submit());
    expect(save).not.toHaveBeenCalled();
    expect(result.current.fieldError('name')).toBe('Name is required.');
  });

  it('toasts a success, then lets the screen go on (a promise save)', async () => {
    const onSaved = vi.fn();
    const { result } = renderHook(() =>
      useSchemaForm(schema, {
        defaultValues: { name: 'Tea', note: '' },
        save: (values: Values) => Promise.resolve({ ...values, id: 7 }),
        resetTo: (saved) => ({ name: saved.name, note: 'saved' }),
        onSaved,
        successToast: (saved) => `Saved ${saved.id}`,
        failureToast: 'Save failed',
      }),
    );
    await act(() => result.current.submit());
    expect(onSaved).toHaveBeenCalledWith({ name: 'Tea', note: '', id: 7 });
    expect(toast.success).toHaveBeenCalledWith('Saved 7');
    expect(result.current.getValues('note')).toBe('saved');
  });

  it("puts the server's messages on their fields and toasts the failure with its reason (a mutate-style save)", async () => {
    const save = vi.fn((_values: Values, handlers: SaveHandlers<Values>) => handlers.onError(taken));
    const { result } = renderHook(() => useSchemaForm(schema, { defaultValues: { name: 'Tea', note: '' }, save, failureToast: 'Save failed' }));
    await act(() => result.current.submit());
    await waitFor(() => expect(result.current.fieldError('name')).toBe('That name is taken.'));
    expect(toast.error).toHaveBeenCalledWith('Save failed: That name is taken.');
  });

  it('says nothing more when the fields took the messages and the form wants it quiet, or a refusal it shows itself', async () => {
    const save = (_values: Values, handlers: SaveHandlers<Values>) => handlers.onError(taken);
    const quiet = renderHook(() => useSchemaForm(schema, { defaultValues: { name: 'Tea', note: '' }, save, failureToast: 'Save failed', quietFieldErrors: true }));
    await act(() => quiet.result.current.submit());
    expect(toast.error).not.toHaveBeenCalled();

    const onRefused = vi.fn(() => true);
    const conflict = new ApiError(409, 'Busy', { serverMessage: 'Busy' });
    const own = renderHook(() =>
      useSchemaForm(schema, { defaultValues: { name: 'Tea', note: '' }, save: (_values, handlers) => handlers.onError(conflict), failureToast: 'Save failed', onRefused }),
    );
    await act(() => own.result.current.submit());
    expect(onRefused).toHaveBeenCalledWith(conflict, expect.objectContaining({ onFields: false }));
    expect(toast.error).not.toHaveBeenCalled();
  });
});
