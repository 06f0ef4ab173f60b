import { lazy, type ComponentType } from 'react';

/**
 * A screen whose code is fetched when it is first shown. A failed fetch reaches the route's
 * error boundary (ScreenError), which says the network is down and reloads once it is back.
 */
export function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  return lazy<ComponentType>(async () => ({ default: (await load())[name] }));
}

/** The browser could not fetch a screen's code (offline, or the server was unreachable). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(error.message);
}
