import { useSyncExternalStore } from 'react';
import type { Role } from '@shop/contracts/common';
import type { User } from '@shop/contracts/user';
import { clearStoredSession, readStorage, readStoredToken, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

export type Session = { token: string; user: User | null };

// Checked by hand rather than with the contract's zod schema: this runs on every page load,
// and zod would otherwise ship in the first bundle only for this. The Record keeps the list
// in step with the contract's roles.
const ROLES: Record<Role, true> = { Admin: true, Manager: true, Staff: true };

function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'number' &&
    typeof user.name === 'string' &&
    typeof user.email === 'string' &&
    typeof user.role === 'string' &&
    Object.hasOwn(ROLES, user.role)
  );
}

function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isStoredUser(value) ? value : null;
  } catch {
    return null;
  }
}

function readSession(): Session | null {
  const token = readStoredToken();
  return token ? { token, user: parseStoredUser(readStorage(STORAGE_KEYS.authUser)) } : null;
}

let current = readSession();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(token: string, user: User | null): void {
  removeStorage(STORAGE_KEYS.legacyToken);
  writeStorage(STORAGE_KEYS.accessToken, token);
  if (user) writeStorage(STORAGE_KEYS.authUser, JSON.stringify(user));
  else removeStorage(STORAGE_KEYS.authUser);
  current = { token, user };
  emit();
}

export function updateSessionUser(user: User): void {
  if (!current) return;
  const stored = JSON.stringify(user);
  // The same user as kept (each start checks it with the server): nothing to draw again.
  if (current.user && readStorage(STORAGE_KEYS.authUser) === stored) return;
  writeStorage(STORAGE_KEYS.authUser, stored);
  current = { ...current, user };
  emit();
}

export function clearSession(): void {
  clearStoredSession();
  if (current === null) return;
  current = null;
  emit();
}

// Signing in or out in another tab changes storage there; follow it here too.
function onStorage(event: StorageEvent): void {
  const keys: Array<string | null> = [null, STORAGE_KEYS.accessToken, STORAGE_KEYS.legacyToken, STORAGE_KEYS.authUser];
  if (!keys.includes(event.key)) return;
  current = readSession();
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession);
}
