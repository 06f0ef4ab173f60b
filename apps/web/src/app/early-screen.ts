/**
 * The till's code, fetched from the very start when the console opens on the till: this module is
 * the first of the console's own to run, so the till's chunks come from the service worker's cache
 * while React and the shell are still being run, not after (docs/decisions/0016-offline-selling.md).
 */
export const loadTill = () => import('@/features/pos/components/pos-page');

if (window.location.pathname === '/sale') void loadTill().catch(() => undefined);
