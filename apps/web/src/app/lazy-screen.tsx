import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Screens whose code could not be fetched, each with how to ask for it again. */
const failed = new Set<() => void>();

/**
 * A screen whose code is fetched when it is first shown. React keeps a failed `lazy` load for
 * good, so a screen asked for while the network was down would stay broken; here a failed load
 * is kept (so the screen's error boundary shows it) until `retryFailedScreens` is called.
 */
export function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): ComponentType {
  const fresh = (): LazyExoticComponent<ComponentType> =>
    lazy<ComponentType>(async () => {
      try {
        return { default: (await load())[name] };
      } catch (error) {
        failed.add(reset);
        throw error;
      }
    });
  let Loaded = fresh();
  function reset() {
    Loaded = fresh();
  }
  return function Screen() {
    const Current = Loaded;
    return <Current />;
  };
}

/** Forgets every failed screen load, so rendering those screens again fetches their code again. */
export function retryFailedScreens(): void {
  for (const reset of failed) reset();
  failed.clear();
}

/** The browser could not fetch a screen's code (offline, or the server was unreachable). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to fetch/i.test(error.message);
}
