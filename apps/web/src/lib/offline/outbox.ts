import { useSyncExternalStore } from 'react';
import { tillDb, type OutboxEntry, type SyncedSale } from './till-db';

/*
 * The till's outbox of sales made offline (docs/decisions/0016-offline-selling.md): what is in
 * it, for the "Unsynced: N" badge, sign-out and shift close; every tab of this browser follows
 * the same outbox through a BroadcastChannel.
 */

export type OutboxState = {
  /** Read from the database at least once (until then the till does not know, and says nothing). */
  known: boolean;
  /** Sales waiting to reach the server, refused ones included. */
  count: number;
  /** Those the server refused: they wait for a Manager. */
  refused: OutboxEntry[];
  /** The latest synced sales by their offline id: a receipt's own number and the SO number it became. */
  synced: Record<string, SyncedSale>;
};

const RECENT_SYNCED = 50;
let state: OutboxState = { known: false, count: 0, refused: [], synced: {} };
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;

function emit(next: OutboxState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads the outbox again (after a change here or in another tab). */
export async function refreshOutbox(): Promise<OutboxState> {
  const db = await tillDb();
  const [entries, synced] = await Promise.all([db.getAll('outbox'), db.getAllFromIndex('synced', 'synced_at')]);
  emit({
    known: true,
    count: entries.length,
    refused: entries.filter((entry) => entry.refused !== null).sort((a, b) => a.created_at.localeCompare(b.created_at)),
    synced: Object.fromEntries(synced.slice(-RECENT_SYNCED).map((sale) => [sale.client_id, sale])),
  });
  return state;
}

/** Something changed the outbox: read it again here and tell the other tabs. */
export function outboxChanged(): Promise<OutboxState> {
  channel?.postMessage('changed');
  return refreshOutbox();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) {
    if (typeof BroadcastChannel !== 'undefined' && !channel) {
      channel = new BroadcastChannel('shop-outbox');
      channel.onmessage = () => void refreshOutbox();
    }
    void refreshOutbox().catch(() => undefined);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useOutbox(): OutboxState {
  return useSyncExternalStore(subscribe, () => state);
}

export function getOutbox(): OutboxState {
  return state;
}

/** Every sale waiting, oldest first: the order they are sent in. */
export async function outboxEntries(): Promise<OutboxEntry[]> {
  const db = await tillDb();
  return db.getAllFromIndex('outbox', 'created_at');
}

/** Whether a sale with this offline id waits in the outbox. */
export async function isInOutbox(clientId: string): Promise<boolean> {
  return (await (await tillDb()).get('outbox', clientId)) !== undefined;
}

/** Keeps a sale made offline. Resolves once the browser has committed it. */
export async function addToOutbox(entry: OutboxEntry): Promise<void> {
  const db = await tillDb();
  await db.put('outbox', entry);
  await outboxChanged();
}

/** The server has the sale: it leaves the outbox and its SO number is remembered, in one transaction. */
export async function markSynced(entry: OutboxEntry, sale: { id: number; code: string }, now = new Date()): Promise<void> {
  const db = await tillDb();
  const tx = db.transaction(['outbox', 'synced'], 'readwrite');
  await Promise.all([
    tx.objectStore('outbox').delete(entry.client_id),
    tx.objectStore('synced').put({ client_id: entry.client_id, number: entry.number, sale_id: sale.id, code: sale.code, synced_at: now.toISOString() }),
    tx.done,
  ]);
  await outboxChanged();
}

/** An attempt that did not get through: counted, and with the server's refusal when it refused. */
export async function markAttempt(entry: OutboxEntry, refused: OutboxEntry['refused']): Promise<void> {
  const db = await tillDb();
  await db.put('outbox', { ...entry, attempts: entry.attempts + 1, refused });
  if (refused) await outboxChanged();
}

/** A Manager sends a refused sale again (after fixing the cause). */
export async function sendAgain(clientId: string): Promise<void> {
  const db = await tillDb();
  const entry = await db.get('outbox', clientId);
  if (entry) await db.put('outbox', { ...entry, refused: null });
  await outboxChanged();
}
