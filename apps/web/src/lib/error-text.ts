import { API_MESSAGES } from '@shop/contracts/http';
import { ApiError, isAbortError, NETWORK_ERROR_MESSAGE } from './api-client';

/**
 * The toast text for a failed call: the screen's own text (e.g. "Save failed"), followed by the
 * server's reason when it gave one ("Delete failed: This category is used by 3 products…").
 * `null` when nothing should be shown: an aborted request, or a 401 (the user is already being
 * sent to sign-in). A 403 or lost connection keeps the short text; the global toast says why.
 * A timeout has no global toast, so its reason is added here.
 */
export function failureText(
  error: unknown,
  text: string,
  translate: (key: string, options?: Record<string, unknown>) => string = (key) => key,
): string | null {
  if (isAbortError(error)) return null;
  if (!(error instanceof ApiError)) return text;
  if (error.status === 401) return null;
  if (error.status === 0) return error.message === NETWORK_ERROR_MESSAGE ? text : `${text}: ${translate(error.message)}`;
  if (error.status === 403 || !error.serverMessage) return text;
  if (error.status === 429 && typeof error.body?.retry_after === 'number') {
    const minutes = Math.max(1, Math.ceil(error.body.retry_after / 60));
    return `${text}: ${translate('Too many attempts. Wait {{count}} min and try again.', { count: minutes })}`;
  }
  return `${text}: ${translate(error.serverMessage)}`;
}

/** The server refused the call for this user's role: asking again will not help. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/**
 * The text a list shows in place of its rows after a failed load. A 403 says why on the screen
 * itself (the toast that said so is gone after a few seconds).
 */
export function loadFailureText(error: unknown, text: string, translate: (key: string) => string = (key) => key): string {
  return isForbidden(error) ? `${text}: ${translate(API_MESSAGES.forbidden)}` : text;
}
