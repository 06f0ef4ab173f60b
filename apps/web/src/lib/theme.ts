import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export type Theme = 'light' | 'dark';

function initialTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

let current: Theme = initialTheme();
const listeners = new Set<() => void>();

/** Prints stay light whatever the theme: the `dark:` variant applies to screens only (index.css). */
export function applyTheme(): void {
  const root = document.documentElement;
  root.classList.toggle('dark', current === 'dark');
  root.style.colorScheme = current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current);
}
