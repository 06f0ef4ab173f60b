import { lazy, useState, type ComponentType } from 'react';

/** A screen whose code is fetched when first shown, or before the first render (`preload`). */
export type LazyScreen = ComponentType & { preload: () => Promise<void> };

/**
 * A screen whose code is fetched when it is first shown. A failed fetch reaches the route's
 * error boundary (ScreenError), which says the network is down and reloads once it is back.
 *
 * `preload` fetches it ahead: the page opened at start-up is loaded alongside the console
 * (main.tsx), so it is drawn in the first render. Suspending instead would draw a spinner first,
 * and React then holds the screen back until the spinner has shown for 300 ms.
 */
export function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyScreen {
  let loaded: ComponentType | null = null;
  const fetchScreen = async () => (loaded ??= (await load())[name]);
  const Lazy = lazy<ComponentType>(async () => ({ default: await fetchScreen() }));
  function Screen() {
    // Chosen once per mount: a screen that started suspended stays on the lazy path, so it is never remounted.
    const [Shown] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Shown />;
  }
  return Object.assign(Screen, { preload: () => fetchScreen().then(() => undefined) });
}

/** The browser could not fetch a screen's code (offline, or the server was unreachable). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(error.message);
}
