import { clearStoredSession, readStoredToken } from './storage';

const API_BASE = '/api';
const MAX_BODY_TEXT_IN_MESSAGE = 400;

export const NETWORK_ERROR_MESSAGE = 'Network error — check your connection.';
export const TIMEOUT_MESSAGE = 'The server took too long to answer.';

export class ApiError extends Error {
  readonly status: number;
  /** The server's own `message` (or `error`) text, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly errors: Record<string, string[]> | undefined;
  /** The whole JSON answer, for the few callers that read more than the message (a 409's current prices). */
  readonly body: Record<string, unknown> | undefined;

  constructor(
    status: number,
    message: string,
    options: { serverMessage?: string; errors?: Record<string, string[]>; body?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = options.serverMessage;
    this.errors = options.errors;
    this.body = options.body;
  }
}

type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retried write safe. */
  headers?: Record<string, string>;
  /** Give up after this long: the call fails with status 0 and TIMEOUT_MESSAGE (not an abort). */
  timeoutMs?: number;
  /**
   * Off for calls whose screen explains a 401/403/network failure itself (sign-in shows the
   * server's reason in its banner; sign-out ignores failures), so no global toast or redirect.
   */
  globalErrorHandling?: boolean;
};

export type ApiEventHandlers = {
  onUnauthorized?: () => void;
  onForbidden?: () => void;
  onNetworkError?: () => void;
};

let handlers: ApiEventHandlers = {};

/**
 * The app layer registers what a 401/403/network failure means for the user (toast, redirect),
 * so this module never depends on features or the router. Returns an unregister function.
 */
export function setApiEventHandlers(next: ApiEventHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = {};
  };
}

/*
 * Whether the server answered the last call: a failed connection (or a gateway saying the server
 * is down) marks it unreachable until any answer comes again. The till sells offline meanwhile.
 */
let reachable = true;
const reachableListeners = new Set<() => void>();

function setReachable(next: boolean): void {
  if (reachable === next) return;
  reachable = next;
  for (const listener of reachableListeners) listener();
}

export function serverReachable(): boolean {
  return reachable;
}

export function subscribeReachable(listener: () => void): () => void {
  reachableListeners.add(listener);
  return () => void reachableListeners.delete(listener);
}

/** Gateways answer these when the server behind them is down: as good as no connection. */
const SERVER_DOWN = new Set([502, 503, 504]);

/** The call never reached the server (or a gateway said it is down): an offline till keeps the sale. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || SERVER_DOWN.has(error.status));
}

export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError';
}

/** While set, calls wait for it before anything is built or sent (see `holdRequestsUntil`). */
let held: Promise<void> | null = null;

/**
 * Calls made before `ready` settles wait for it. The console's start (main.tsx) holds them until
 * its first frame is on screen: the screen's queries start in that render, and building and
 * sending a dozen requests would otherwise come before the frame that shows the screen.
 */
export function holdRequestsUntil(ready: Promise<void>): void {
  const hold: Promise<void> = ready.catch(() => undefined).then(() => {
    if (held === hold) held = null;
  });
  held = hold;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  if (held) await held;
  const { method = 'GET', body, query, signal, timeoutMs, globalErrorHandling = true } = options;
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  const fetchSignal = timeout && signal ? AbortSignal.any([signal, timeout]) : (timeout ?? signal);

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let payload: Payload;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: fetchSignal,
    });
    payload = await readPayload(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (isAbortError(error) && !timeout?.aborted) throw error;
    // The header says "Offline" while the browser has no network or the server has not answered
    // (app/layout/connection-status.tsx): only the moment the connection is lost is announced.
    const knownOffline = !navigator.onLine || !reachable;
    setReachable(false);
    if (timeout?.aborted) throw new ApiError(0, TIMEOUT_MESSAGE);
    if (globalErrorHandling && !knownOffline) handlers.onNetworkError?.();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  setReachable(!SERVER_DOWN.has(response.status));

  // Only a caller that sent If-None-Match gets a 304: what it holds is current, and there is no body.
  if (response.status === 304) return undefined as T;
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    if (globalErrorHandling) announceRefusal(response.status);
    throw error;
  }

  return payload.json as T;
}

/**
 * Downloads a file the API builds (a report's CSV) with the stored token, and hands it to the
 * browser as `fileName`. Failures throw an ApiError like any call.
 */
/** How far a download is: the rows received so far, and of how many when the server says (X-Total-Count). */
export type DownloadProgress = { rows: number; total: number | null };

/**
 * Fetches a file with the session's token and saves it under `fileName`. With `onProgress`, the
 * body is read as it arrives and the rows so far are told about ten times a second.
 */
export async function apiDownload(path: string, fileName: string, query?: Record<string, QueryValue>, onProgress?: (progress: DownloadProgress) => void): Promise<void> {
  const headers: Record<string, string> = {};
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(buildUrl(path, query), { headers });
    if (response.ok) blob = onProgress && response.body ? await readCountingRows(response, response.body, onProgress) : await response.blob();
  } catch {
    handlers.onNetworkError?.();
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const error = toApiError(response.status, await readPayload(response));
    announceRefusal(response.status);
    throw error;
  }
  const url = URL.createObjectURL(blob!);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const NEWLINE = 10;

/** A CSV's body as it arrives, its lines counted (the header apart; a line break inside a quoted cell counts as a row, so the count stops at the total). */
async function readCountingRows(response: Response, body: ReadableStream<Uint8Array>, onProgress: (progress: DownloadProgress) => void): Promise<Blob> {
  const said = response.headers.get('x-total-count');
  const total = said !== null && /^\d+$/.test(said) ? Number(said) : null;
  const rowsOf = (lines: number) => Math.max(0, total === null ? lines - 1 : Math.min(total, lines - 1));
  const parts: Uint8Array[] = [];
  const reader = body.getReader();
  let lines = 0;
  // Told at most every 100 ms, and the latest count always within 100 ms, even if the body stalls.
  let later: ReturnType<typeof setTimeout> | null = null;
  let toldAt = 0;
  const tell = () => {
    later = null;
    toldAt = performance.now();
    onProgress({ rows: rowsOf(lines), total });
  };
  tell();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      for (let at = value.indexOf(NEWLINE); at !== -1; at = value.indexOf(NEWLINE, at + 1)) lines += 1;
      if (later === null) later = setTimeout(tell, Math.max(0, toldAt + 100 - performance.now()));
    }
  } finally {
    if (later !== null) clearTimeout(later);
  }
  tell();
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? 'text/csv' });
}

/** A 401 ends the session; a 403 tells the user they may not. */
function announceRefusal(status: number): void {
  if (status === 401) {
    clearStoredSession();
    handlers.onUnauthorized?.();
  } else if (status === 403) {
    handlers.onForbidden?.();
  }
}

type Payload = { json: unknown; text: string; contentType: string };

async function readPayload(response: Response): Promise<Payload> {
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let json: unknown;
  if (text && contentType.includes('json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { json, text, contentType };
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    // The API reads boolean filters (e.g. `active`) as 1/0.
    params.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function toApiError(status: number, payload: Payload): ApiError {
  const record = isRecord(payload.json) ? payload.json : {};
  const serverMessage = nonEmptyString(record.message) ?? nonEmptyString(record.error);
  const errors = isFieldErrors(record.errors) ? record.errors : undefined;
  if (serverMessage) return new ApiError(status, serverMessage, { serverMessage, errors, body: record });

  // A proxy or crashed server may answer in plain text; its first words usually say why.
  // HTML error pages are left out: their markup would only clutter the message.
  const isPlainText = payload.json === undefined && !payload.contentType.includes('html');
  const text = isPlainText ? payload.text.trim().slice(0, MAX_BODY_TEXT_IN_MESSAGE) : '';
  return new ApiError(status, text ? `HTTP ${status}: ${text}` : `HTTP ${status}`, { errors });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    isRecord(value) &&
    Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'))
  );
}
