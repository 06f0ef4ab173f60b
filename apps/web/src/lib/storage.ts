export const STORAGE_KEYS = {
  accessToken: 'access_token',
  /** Older builds stored the bearer token here; it is still honoured when reading. */
  legacyToken: 'token',
  authUser: 'auth_user',
  theme: 'theme',
  language: 'language',
  sidebarCollapsed: 'sidebar_collapsed',
  /** The same choice on a screen narrower than 1280 px (a tablet), where the sidebar starts collapsed. */
  sidebarCollapsedNarrow: 'sidebar_collapsed_narrow',
  /** The till's cart and any payment not yet confirmed, so a reload or crash loses nothing. */
  posCart: 'pos_cart',
  /** Which till (cash drawer) this browser sells at: its id (lib/till.ts). */
  till: 'till_id',
  /** Which kitchen station this screen shows (features/kitchen): each device stands at one. */
  kitchenStation: 'kitchen_station',
  /** The USB or serial printer this till chose (lib/printing/local-printer.ts), to find it again. */
  localPrinterUsb: 'local_printer_usb',
  localPrinterSerial: 'local_printer_serial',
  /** The counter of this browser's offline receipt numbers (T1-0007; features/pos/offline-sale.ts). */
  offlineCounter: 'offline_counter',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage access throws when the browser blocks it (privacy modes, disabled cookies); the
// console still works for the current page in that case, it just forgets on reload.
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // See readStorage.
  }
}

export function removeStorage(...keys: StorageKey[]): void {
  try {
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // See readStorage.
  }
}

export function readStoredToken(): string | null {
  return readStorage(STORAGE_KEYS.accessToken) || readStorage(STORAGE_KEYS.legacyToken) || null;
}

export function clearStoredSession(): void {
  removeStorage(STORAGE_KEYS.accessToken, STORAGE_KEYS.legacyToken, STORAGE_KEYS.authUser);
}
