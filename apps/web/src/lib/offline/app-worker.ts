import { registerSW } from 'virtual:pwa-register';
import { toast } from 'sonner';
import { i18n } from '../i18n';
import { readStorage, STORAGE_KEYS } from '../storage';

/*
 * The service worker that keeps the console's files (docs/decisions/0016-offline-selling.md).
 * A new release is fetched in the background and waits. Found waiting as the console loads, with
 * no sale in the cart, it takes over at once (one more reload, before anyone works); found
 * later, the console says so and it starts on the next load, never in the middle of a sale.
 */

/** How soon after load a waiting release still counts as found "as the console loads". */
const AT_LOAD_MS = 3_000;
/** How often an open console looks for a new release. */
const CHECK_EVERY_MS = 60 * 60 * 1000;

function cartEmpty(): boolean {
  try {
    const cart = JSON.parse(readStorage(STORAGE_KEYS.posCart) ?? 'null') as { lines?: unknown[]; pending?: unknown } | null;
    return !cart || ((cart.lines?.length ?? 0) === 0 && !cart.pending);
  } catch {
    return true;
  }
}

export function registerAppWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const loadedAt = performance.now();
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      if (performance.now() - loadedAt < AT_LOAD_MS && cartEmpty()) {
        void update(true);
        return;
      }
      toast.info(i18n.t('A new version of the console is ready. It starts the next time the console opens.'), {
        id: 'app-update',
        duration: Infinity,
        action: { label: i18n.t('Reload now'), onClick: () => void update(true) },
      });
    },
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), CHECK_EVERY_MS);
    },
  });
}
