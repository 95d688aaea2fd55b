import { useSyncExternalStore } from 'react';

/**
 * Whether the browser has a network (`navigator.onLine`, its `online` and
 * `offline` events). Offline is certain; online only means "maybe": a call
 * can still fail, and its error answer offers to try again.
 */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Calls `onBack` each time the network comes back. */
export function whenBackOnline(onBack: () => void): () => void {
  window.addEventListener('online', onBack);
  return () => window.removeEventListener('online', onBack);
}
