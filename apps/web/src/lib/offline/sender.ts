import type { Sale } from '@shop/contracts/sale';
import { ApiError, apiRequest, subscribeReachable, serverReachable } from '../api-client';
import { readStoredToken } from '../storage';
import { markAttempt, markSynced, outboxEntries } from './outbox';
import type { OutboxEntry } from './till-db';

/*
 * The one sender of the till's outbox (docs/decisions/0016-offline-selling.md). It sends the
 * sales oldest first, each with its offline id as the Idempotency-Key, and removes one only once
 * the server has answered that it has it. No answer, a server error or an expired session: it
 * waits (longer each time, up to a minute) and tries again; the browser coming back online or
 * any answer from the server wakes it at once. A refusal (another 4xx) keeps the sale, marked,
 * for a Manager: it is never dropped. One tab sends at a time (a Web Lock); were two to send the
 * same sale, the server would still record it once.
 */

const BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
const SEND_TIMEOUT_MS = 30_000;

let failures = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let draining: Promise<void> | null = null;
let again = false;
let started = 0;

/** Why a refusal is worth another try later rather than a Manager's look. */
async function retryable(error: unknown): Promise<boolean> {
  if (!(error instanceof ApiError)) return true;
  if (error.status < 400 || error.status >= 500) return true;
  // Signed out meanwhile, too many calls, or the same sale still being written by an earlier attempt.
  if (error.status === 401 || error.status === 408 || error.status === 429) return true;
  if (error.status !== 409) return false;
  // The sale contracts (and zod) load only here, keeping them out of the console's first load.
  const { SALE_MESSAGES } = await import('@shop/contracts/sale');
  return error.serverMessage === SALE_MESSAGES.inFlight;
}

async function sendOne(entry: OutboxEntry): Promise<'sent' | 'refused' | 'later'> {
  try {
    const answer = await apiRequest<{ data: Sale }>('/sales', {
      method: 'POST',
      body: entry.body,
      headers: { 'Idempotency-Key': entry.client_id },
      timeoutMs: SEND_TIMEOUT_MS,
      globalErrorHandling: false,
    });
    await markSynced(entry, answer.data);
    return 'sent';
  } catch (error) {
    if (await retryable(error)) {
      await markAttempt(entry, null);
      return 'later';
    }
    const status = error instanceof ApiError ? error.status : 0;
    const message = error instanceof Error ? error.message : String(error);
    await markAttempt(entry, { status, message });
    return 'refused';
  }
}

async function sendAll(): Promise<void> {
  if (!readStoredToken()) return;
  for (const entry of await outboxEntries()) {
    if (entry.refused) continue;
    if ((await sendOne(entry)) === 'later') {
      failures += 1;
      schedule(BACKOFF_MS[Math.min(failures, BACKOFF_MS.length) - 1]!);
      return;
    }
  }
  failures = 0;
}

function schedule(ms: number) {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    sendOutbox();
  }, ms);
}

/** Sends what is waiting now (or right after the send under way). */
export function sendOutbox(): void {
  if (draining) {
    again = true;
    return;
  }
  const run = async () => {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request('shop-outbox-sender', { ifAvailable: true }, async (lock) => {
        // Another tab is sending: look again in a while, in case it closes.
        if (!lock) schedule(BACKOFF_MS.at(-1)!);
        else await sendAll();
      });
    } else await sendAll();
  };
  draining = run()
    .catch(() => schedule(BACKOFF_MS.at(-1)!))
    .finally(() => {
      draining = null;
      if (again) {
        again = false;
        sendOutbox();
      }
    });
}

/** Starts sending for as long as the signed-in console is open; returns how to stop. */
export function startOutboxSender(): () => void {
  started += 1;
  const wake = () => {
    failures = 0;
    sendOutbox();
  };
  const onReachable = () => {
    if (serverReachable()) wake();
  };
  window.addEventListener('online', wake);
  const stopReachable = subscribeReachable(onReachable);
  sendOutbox();
  return () => {
    started -= 1;
    window.removeEventListener('online', wake);
    stopReachable();
    if (started === 0 && timer) {
      clearTimeout(timer);
      timer = null;
    }
  };
}

/** Resolves once the send under way (if any) is over: for tests and for screens that wait on it. */
export function outboxIdle(): Promise<void> {
  return draining ?? Promise.resolve();
}
