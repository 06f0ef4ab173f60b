import { useSyncExternalStore } from 'react';
import { serverReachable, subscribeReachable } from '../api-client';

/*
 * Is the till connected? Offline when the browser says it has no network, or when the server
 * did not answer the last call (Wi-Fi up, server down): either way, sales go to the outbox.
 */

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  const stop = subscribeReachable(listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
    stop();
  };
}

export function isOnline(): boolean {
  return navigator.onLine && serverReachable();
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline);
}
