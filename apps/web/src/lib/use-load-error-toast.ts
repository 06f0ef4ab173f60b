import { useEffect } from 'react';
import { toast } from 'sonner';
import { failureText } from './error-text';

/**
 * Toasts a list's load failure once per failed attempt (e.g. "Failed to load products"); the
 * screen also shows an inline retry. Aborted requests never reach the error state.
 */
export function useLoadErrorToast(
  error: unknown,
  errorUpdatedAt: number,
  text: string,
  translate?: (key: string) => string,
): void {
  useEffect(() => {
    if (!error) return;
    const message = failureText(error, text, translate);
    if (message) toast.error(message, { id: `load-error:${text}` });
    // Only a new failure (errorUpdatedAt) toasts again; a re-render with the same error does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorUpdatedAt]);
}
